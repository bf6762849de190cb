// NIST SP 800-63B: a minimum length, a generous maximum, no composition rules, and a block list. The
// block list and the strength estimate (zxcvbn) are checked on the server only (common-passwords.server.ts): it is too big for the client.
// Plain values, no validation library: the fields' HTML constraints use them in the browser and the
// server's schemas (account-forms.server.ts) enforce them.
export const passwordLimits = { min: 8, max: 128 } as const;

export const passwordMessages = {
  tooShort: `Use at least ${passwordLimits.min} characters for your password.`,
  tooLong: `Use at most ${passwordLimits.max} characters for your password.`,
  tooCommon: "That password is too common and easy to guess. Please choose another.",
  guessable:
    "That password is too easy to guess: a common word with a number, year or symbol added is among the first things attackers try. Please choose a longer one; three or four unrelated words work well.",
  siteWord:
    "That password is built on this site's name or subject (such as SCULC, linguistics or conference) with a number or year, which attackers try first. Please choose one that has nothing to do with this site.",
  personal:
    "That password is built on your name or email address, which attackers try first. Please choose one that has nothing to do with you; three or four unrelated words work well.",
  mismatch: "Passwords do not match",
} as const;
