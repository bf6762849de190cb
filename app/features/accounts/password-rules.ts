// NIST SP 800-63B: a minimum length, a generous maximum, no composition rules, and a block list. The
// block list is checked on the server only (common-passwords.server.ts): it is too big for the client.
// Plain values, no validation library: the fields' HTML constraints use them in the browser and the
// server's schemas (account-forms.server.ts) enforce them.
export const passwordLimits = { min: 8, max: 128 } as const;

export const passwordMessages = {
  tooShort: `Use at least ${passwordLimits.min} characters for your password.`,
  tooLong: `Use at most ${passwordLimits.max} characters for your password.`,
  tooCommon: "That password is too common and easy to guess. Please choose another.",
  mismatch: "Passwords do not match",
} as const;
