// The people the signed-in loads need: a member with one abstract, and an admin.
import {
  cookieFrom,
  formHeaders,
  linkFromMail,
  ownClientAddress,
  register,
  resetPasswordByMail,
  type SignedInUser,
  signIn,
  verifyEmail,
} from "../../tests/robustness/support/accounts";
import type { ProductionServer } from "../../tests/robustness/support/production-server";
import { withAbstractDetails } from "../../tests/support/abstract-details";
import { makeAbstractPdf } from "../../tests/support/pdf-fixtures";

/** As tests/robustness signs up, but patient with the mail: a busy machine can take over 10 s to send it. */
export async function signUp(server: ProductionServer, email: string): Promise<SignedInUser> {
  const password = "bench-password-2026";
  const client = ownClientAddress();
  await register(server, email, password, client);
  await verifyEmail(server, await linkFromMail(server, email, "/verify-email", 60_000), client);
  const cookie = cookieFrom(await signIn(server, email, password, client));
  if (!cookie) throw new Error(`signing in as ${email} gave no cookie`);
  return { email, password, cookie };
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
 * An admin: ADMIN_EMAILS grants the role once the mailbox is confirmed by a password reset (0005).
 * When that fails the admin page is left out of the run, and the note says why.
 */
export async function signInAdmin(
  server: ProductionServer,
  email: string,
): Promise<{ adminCookie: string | undefined; adminNote: string }> {
  try {
    const admin = await signUp(server, email);
    const password = "bench-admin-reset-2026";
    await resetPasswordByMail(server, admin.email, password, ownClientAddress(), 60_000);
    const adminCookie = cookieFrom(await signIn(server, admin.email, password)) || undefined;
    if (!adminCookie) throw new Error("signing in after the reset gave no cookie");
    return { adminCookie, adminNote: "" };
  } catch (error) {
    return {
      adminCookie: undefined,
      adminNote: `\`/user-data\` not measured: ${error instanceof Error ? error.message : error}`,
    };
  }
}
