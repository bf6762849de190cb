import { site } from "~/content/site";
import type { MailKind, MailMessage } from "~/lib/mail/mailer.server";

/**
 * The account mails. Each has a plain-text part (what many mail programs and screen readers show) and a
 * simple HTML part with the same words; links are absolute, built from BASE_URL.
 */

export function verificationEmail(input: { to: string; verifyUrl: string }): MailMessage {
  return compose(input.to, "Verify your email address", "account-verification", [input.verifyUrl], [
    `Welcome to the ${site.name}!`,
    "Please confirm your email address to finish creating your account:",
    { link: input.verifyUrl, label: "Verify my email" },
    "The link works for 24 hours. If you did not create an account, you can ignore this message.",
  ]);
}

export function passwordResetEmail(input: { to: string; resetUrl: string }): MailMessage {
  return compose(input.to, "Reset your password", "password-reset", [input.resetUrl], [
    `Someone (hopefully you) asked to reset the password of your ${site.name} account.`,
    "Choose a new password here:",
    { link: input.resetUrl, label: "Choose a new password" },
    "The link works once, for one hour. If you did not ask for this, ignore this message: your password stays the same.",
  ]);
}

export function existingAccountEmail(input: {
  to: string;
  loginUrl: string;
  forgotPasswordUrl: string;
}): MailMessage {
  return compose(input.to, "Someone tried to register with your email address", "account-notice", [], [
    `Someone tried to create a ${site.name} account with this email address, which already has an account.`,
    "If it was you, sign in instead:",
    { link: input.loginUrl, label: "Sign in" },
    "Forgot your password? Reset it here:",
    { link: input.forgotPasswordUrl, label: "Reset my password" },
    "If it was not you, you can ignore this message: nothing has changed.",
  ]);
}

export function passwordAddedEmail(input: { to: string; forgotPasswordUrl: string }): MailMessage {
  return compose(input.to, "A password was added to your account", "account-notice", [], [
    `A password was added to your ${site.name} account, which until now signed in with Google only. You can now also sign in with this email address and that password. Every other device signed in to your account was signed out.`,
    "If this wasn't you, reset the password now, which also signs out everyone else:",
    { link: input.forgotPasswordUrl, label: "Reset my password" },
    "If it was you, there is nothing more to do.",
  ]);
}

type Part = string | { link: string; label: string };

/** `secrets`: the links that open the account, which organisers' mail page never shows. */
function compose(
  to: string,
  subject: string,
  kind: MailKind,
  secrets: string[],
  parts: Part[],
): MailMessage {
  const signature = `— ${site.name}`;
  const text = [
    ...parts.map((part) => (typeof part === "string" ? part : part.link)),
    signature,
  ].join("\n\n");
  const html = [
    ...parts.map((part) =>
      typeof part === "string"
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a><br><small>${escapeHtml(part.link)}</small></p>`,
    ),
    `<p>${escapeHtml(signature)}</p>`,
  ].join("\n");
  return {
    to,
    subject: `${subject} | ${site.shortName}`,
    text: `${text}\n`,
    html,
    kind,
    // The HTML part carries the link escaped; both spellings are hidden.
    secrets: secrets.flatMap((secret) => [secret, escapeHtml(secret)]),
  };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
