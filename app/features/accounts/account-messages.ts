import { passwordMessages } from "./password-rules";

/**
 * The account pages' words, written once: the site's fixed wording, which the tests check verbatim.
 * The account commands refuse by reason (`AccountRefusal`) and the pages show that reason's sentence.
 * Each page keeps its own status for a refusal (the login page 401 for a wrong password, the mail
 * requests 429, profile saves 500), so this map holds the words; the pages hold the statuses.
 */
export const accountMessages = {
  wrongCredentials: "Incorrect email or password.",
  unverified: "Please verify your email before logging in.",
  loginFailed: "An error occurred during login. Please try again.",
  googleFailed: "Google Sign-In failed. Please try again.",
  registerFailed: "Failed to register",
  profileSaveFailed: "Failed to update profile. Please try again.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  resetFailed: "We could not reset your password. Please try again.",
  mailFailed: "We could not send the email. Please try again in a moment.",
  passwordTooCommon: passwordMessages.tooCommon,
  passwordGuessable: passwordMessages.guessable,
  passwordSiteWord: passwordMessages.siteWord,
  passwordPersonal: passwordMessages.personal,
  // better-auth's own words for its length checks; the forms check the same limits first.
  passwordTooShort: "Password too short",
  passwordTooLong: "Password too long",
  wrongCurrentPassword: "Your current password is incorrect.",
  freshSignInNeeded:
    "For your safety, adding a password needs a recent sign-in. Please sign in with Google again (you will come back here), then choose your password.",
  noPassword: "Your account has no password yet. Use Forgot your password? to set one.",
  passwordChangeFailed: "We could not change your password. Please try again.",
  signOutOthersFailed: "We could not sign out your other devices. Please try again.",
  // Not refusals: what the pages say otherwise.
  googleCanceled: "Google Sign-In was canceled. Please try again.",
  completeProfilePrompt: "Please complete your profile.",
  profileReadFailed: "Error fetching user data",
  passwordChanged: "Your password was changed successfully. You were signed out everywhere else.",
} as const;

/** Why an account command refused (each has its sentence above). */
export type AccountRefusal =
  | "wrongCredentials"
  | "unverified"
  | "loginFailed"
  | "googleFailed"
  | "registerFailed"
  | "profileSaveFailed"
  | "resetInvalid"
  | "resetFailed"
  | "mailFailed"
  | "passwordTooCommon"
  | "passwordGuessable"
  | "passwordSiteWord"
  | "passwordPersonal"
  | "passwordTooShort"
  | "passwordTooLong"
  | "wrongCurrentPassword"
  | "freshSignInNeeded"
  | "noPassword"
  | "passwordChangeFailed"
  | "signOutOthersFailed";

/**
 * A refusal of an account command. Too many attempts is the one whose sentence varies: it says how
 * long to wait, so it carries that.
 */
export type AccountRefused =
  | { ok: false; reason: AccountRefusal }
  | { ok: false; reason: "rateLimited"; retryAfterSeconds: number };

/** The shared outcome shape (lib/outcome.ts), with the account refusals. */
export type AccountOutcome<Value = undefined> = { ok: true; value: Value } | AccountRefused;

export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** After "Sign out of all other devices" (the word "successfully" styles it as a success). */
export function otherSessionsEndedMessage(count: number): string {
  return `Signed out of ${count} other device${count === 1 ? "" : "s"} successfully. This device stays signed in.`;
}

/** The sentence a page shows for a refusal. */
export function accountRefusalMessage(refused: AccountRefused): string {
  return refused.reason === "rateLimited"
    ? rateLimitedMessage(refused.retryAfterSeconds)
    : accountMessages[refused.reason];
}
