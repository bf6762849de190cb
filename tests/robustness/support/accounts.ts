// Accounts for robustness tests, made over HTTP the way a browser without JavaScript makes them:
// register, open the verification link from the mail the server wrote to DATA_DIR/mail, sign in.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ProductionServer } from "./production-server";

export type SignedInUser = { email: string; password: string; cookie: string };

/** Headers a same-site form post carries (the server refuses cross-site posts). */
export function formHeaders(server: ProductionServer, extra: Record<string, string> = {}) {
  return { Origin: server.baseUrl, ...extra };
}

/** A client address of its own, so rate limits of one test never touch another's. */
export function ownClientAddress(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** The newest link to `pathname` in the mail sent to `email`, waiting for it to be written. */
export async function linkFromMail(
  server: ProductionServer,
  email: string,
  pathname: string,
  timeoutMs = 10_000,
): Promise<URL> {
  const mailDir = path.join(server.dataDir, "mail");
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(
    `https?://[^\\s"<>]+${pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?token=[\\w.-]+`,
    "g",
  );
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort() : [];
    for (const file of files.reverse()) {
      const text = fs
        .readFileSync(path.join(mailDir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const links = text.match(pattern);
      if (links?.length) return new URL(links[links.length - 1] as string);
    }
    await sleep(50);
  }
  throw new Error(`no ${pathname} link mailed to ${email} within ${timeoutMs} ms`);
}

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

export async function signIn(
  server: ProductionServer,
  email: string,
  password: string,
  clientAddress = ownClientAddress(),
): Promise<Response> {
  return fetch(`${server.baseUrl}/login`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": clientAddress }),
    body: new URLSearchParams({ intent: "password", email, password }),
    redirect: "manual",
  });
}

/** Posts the registration form for a new account (not yet verified). */
export async function register(
  server: ProductionServer,
  email: string,
  password: string,
  clientAddress = ownClientAddress(),
): Promise<void> {
  const registered = await fetch(`${server.baseUrl}/register`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": clientAddress }),
    body: new URLSearchParams({
      firstName: "Robin",
      lastName: "Quine",
      email,
      password,
      confirmPassword: password,
    }),
    redirect: "manual",
  });
  if (registered.status >= 400) throw new Error(`registration failed: ${registered.status}`);
}

/** Asks for a reset link and sets a new password with it, the way a person does. */
export async function resetPasswordByMail(
  server: ProductionServer,
  email: string,
  newPassword: string,
  clientAddress = ownClientAddress(),
  mailTimeoutMs = 10_000,
): Promise<void> {
  const requested = await fetch(`${server.baseUrl}/forgot-password`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": clientAddress }),
    body: new URLSearchParams({ email }),
  });
  if (!requested.ok) throw new Error(`asking for a reset link failed: ${requested.status}`);
  const link = await linkFromMail(server, email, "/reset-password", mailTimeoutMs);
  const reset = await fetch(`${server.baseUrl}/reset-password`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": clientAddress }),
    body: new URLSearchParams({
      token: link.searchParams.get("token") ?? "",
      password: newPassword,
      confirmPassword: newPassword,
    }),
  });
  const html = await reset.text();
  if (!reset.ok || !html.includes("Your password was changed successfully."))
    throw new Error(`resetting the password failed: ${reset.status}`);
}

/** Registers, verifies and signs in a new account with a profile; returns its session cookie. */
export async function signUpAndSignIn(
  server: ProductionServer,
  options: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    /** How long to wait for the verification mail (a loaded machine can take over 10 s). */
    mailTimeoutMs?: number;
  } = {},
): Promise<SignedInUser> {
  const email = options.email ?? `robust-${crypto.randomBytes(5).toString("hex")}@example.edu`;
  const password = options.password ?? "syntactic-bootstrapping-2025";
  const clientAddress = ownClientAddress();
  const registered = await fetch(`${server.baseUrl}/register`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": clientAddress }),
    body: new URLSearchParams({
      firstName: options.firstName ?? "Robin",
      lastName: options.lastName ?? "Quine",
      email,
      password,
      confirmPassword: password,
    }),
    redirect: "manual",
  });
  if (registered.status >= 400) throw new Error(`registration failed: ${registered.status}`);
  await verifyEmail(
    server,
    await linkFromMail(server, email, "/verify-email", options.mailTimeoutMs),
    clientAddress,
  );
  const response = await signIn(server, email, password, clientAddress);
  const cookie = cookieFrom(response);
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { email, password, cookie };
}

/**
 * Follows a mailed verification link the way a person does: opening the link only shows a button
 * (a mail scanner's GET changes nothing), and pressing it posts the token back.
 */
export async function verifyEmail(
  server: ProductionServer,
  link: URL,
  clientAddress = ownClientAddress(),
): Promise<void> {
  const page = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, {
    headers: { "X-Forwarded-For": clientAddress },
  });
  if (!page.ok) throw new Error(`the verification page failed: ${page.status}`);
  const response = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": clientAddress }),
    body: new URLSearchParams({ intent: "verify", token: link.searchParams.get("token") ?? "" }),
  });
  const html = await response.text();
  if (!response.ok || !html.includes("Your email was verified successfully."))
    throw new Error(`verification failed: ${response.status}`);
}
