// The people a signed-in load needs, made over HTTP as people make them: a member with one abstract
// who reviews, and an admin. Used by the request-cost guard and by `npm run bench`.
import { withAbstractDetails } from "../../support/abstract-details";
import { makeAbstractPdf } from "../../support/pdf-fixtures";
import {
  cookieFrom,
  formHeaders,
  ownClientAddress,
  resetPasswordByMail,
  type SignedInUser,
  signIn,
  signUpAndSignIn,
} from "./accounts";
import type { ProductionServer } from "./production-server";

/** `signUpAndSignIn`, patient with the mail: a busy machine can take over 10 s to send it. */
export function signUp(server: ProductionServer, email: string): Promise<SignedInUser> {
  return signUpAndSignIn(server, { email, password: "bench-password-2026", mailTimeoutMs: 60_000 });
}

/** The member's one abstract, so that their pages show a submission. */
export async function uploadAbstract(server: ProductionServer, cookie: string): Promise<void> {
  const form = withAbstractDetails(new FormData());
  const pdf = new Uint8Array(await makeAbstractPdf());
  form.set("abstract", new File([pdf], "abstract.pdf", { type: "application/pdf" }));
  const upload = await fetch(`${server.baseUrl}/sculc/submit-abstract`, {
    method: "POST",
    headers: formHeaders(server, { cookie }),
    body: form,
    redirect: "manual",
  });
  if (upload.status !== 302) throw new Error(`uploading the abstract answered ${upload.status}`);
}

/**
 * An admin: ADMIN_EMAILS (set when the server started) grants the role once the mailbox is confirmed
 * by a password reset (docs/decisions/0005). Answers the admin's session cookie.
 */
export async function signInAdmin(server: ProductionServer, email: string): Promise<string> {
  const admin = await signUp(server, email);
  const password = "bench-admin-reset-2026";
  await resetPasswordByMail(server, admin.email, password, ownClientAddress(), 60_000);
  const adminCookie = cookieFrom(await signIn(server, admin.email, password));
  if (!adminCookie) throw new Error("signing in after the reset gave no cookie");
  return adminCookie;
}

/** Makes `email` a reviewer with the user table's own button, as an admin does. */
export async function grantReviewer(
  server: ProductionServer,
  adminCookie: string,
  email: string,
): Promise<void> {
  const table = await fetch(`${server.baseUrl}/user-data`, { headers: { cookie: adminCookie } });
  const html = await table.text();
  const row = html.indexOf(email);
  const userId = row < 0 ? undefined : /name="userId" value="([^"]+)"/.exec(html.slice(row))?.[1];
  if (!userId) throw new Error(`${email} is not in the user table (${table.status})`);
  const granted = await fetch(`${server.baseUrl}/user-data?index`, {
    method: "POST",
    headers: formHeaders(server, { cookie: adminCookie }),
    body: new URLSearchParams({ intent: "grant-reviewer", userId }),
  });
  const answer = await granted.text();
  if (!answer.includes(`${email} was made a reviewer successfully.`))
    throw new Error(`making ${email} a reviewer answered ${granted.status}`);
}
