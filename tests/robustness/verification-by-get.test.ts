// Points 6 and 9 of issue 10, against the production server: opening the mailed verification link
// (what a mail scanner does) changes nothing; only the button's POST verifies. And the server's log
// names the saved mail file, never the link's token.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  formHeaders,
  linkFromMail,
  ownClientAddress,
  register,
  resetPasswordByMail,
  signIn,
} from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";

let server: ProductionServer;

beforeAll(async () => {
  // Info level, so the "mail saved" lines are in the output this test reads.
  server = await startProductionServer({ env: { LOG_LEVEL: "info" } });
});
afterAll(async () => {
  await server?.stop();
});

it("a GET of the mailed link leaves the account unverified; the POST then verifies", async () => {
  const email = `scanned-${crypto.randomBytes(5).toString("hex")}@example.edu`;
  const password = "someone-elses-passphrase-42";
  await register(server, email, password);
  const link = await linkFromMail(server, email, "/verify-email");

  // A scanner fetches the link, more than once, with and without following redirects.
  for (const redirect of ["follow", "manual"] as const) {
    const scanned = await fetch(link.href.replace(link.origin, server.baseUrl), {
      redirect,
      headers: { "X-Forwarded-For": ownClientAddress() },
    });
    expect(scanned.status).toBe(200);
    const html = await scanned.text();
    expect(html).toContain("Verify my email");
    expect(html).not.toContain("Your email was verified successfully.");
  }
  const head = await fetch(link.href.replace(link.origin, server.baseUrl), { method: "HEAD" });
  expect(head.status).toBeLessThan(500);

  const refused = await signIn(server, email, password);
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Please verify your email before logging in.");

  const verified = await fetch(`${server.baseUrl}/verify-email`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": ownClientAddress() }),
    body: new URLSearchParams({ intent: "verify", token: link.searchParams.get("token") ?? "" }),
  });
  expect(verified.status).toBe(200);
  expect(await verified.text()).toContain("Your email was verified successfully.");
  const signedIn = await signIn(server, email, password);
  expect(signedIn.status).toBe(302);

  // A second POST of the used token is refused with a clear page, not an error.
  const replay = await fetch(`${server.baseUrl}/verify-email`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": ownClientAddress() }),
    body: new URLSearchParams({ intent: "verify", token: "not-a-token" }),
  });
  expect(replay.status).toBe(400);
  expect(await replay.text()).toContain("This verification link is not valid.");
});

it("logs where mail was saved, never a verification or reset token", async () => {
  const email = `logged-${crypto.randomBytes(5).toString("hex")}@example.edu`;
  await register(server, email, "a-passphrase-for-the-log-test-5");
  const verifyLink = await linkFromMail(server, email, "/verify-email");
  await resetPasswordByMail(server, email, "another-passphrase-for-the-log-6");
  const resetLink = await linkFromMail(server, email, "/reset-password");

  const output = server.output();
  expect(output).toContain(`mail to ${email} saved to ${server.dataDir}/mail/`);
  for (const link of [verifyLink, resetLink]) {
    const token = link.searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(10);
    expect(output).not.toContain(token);
  }
  expect(output).not.toMatch(/token=/);
});
