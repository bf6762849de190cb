import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { passwordResetEmail, verificationEmail } from "~/features/accounts/account-emails.server";
import { createMailer } from "./mailer.server";

function capturingLogger() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(JSON.stringify(args));
  };
  return { lines, logger: { info: record, error: record } };
}

describe("the mailer that saves files", () => {
  it("logs where each message was saved, never the token in its link", async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-mail-"));
    const { lines, logger } = capturingLogger();
    const mailer = createMailer({ from: "site@example.edu", mailDir, logger });
    const verifyToken = "verify-token-7f3a9c2e1b";
    const resetToken = "reset-token-4d8e6a0c5f";

    await mailer.send(
      verificationEmail({
        to: "ada@example.edu",
        verifyUrl: `https://site.example/verify-email?token=${verifyToken}`,
      }),
    );
    await mailer.send(
      passwordResetEmail({
        to: "ada@example.edu",
        resetUrl: `https://site.example/reset-password?token=${resetToken}`,
      }),
    );

    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(2);
    const log = lines.join("\n");
    for (const file of files) expect(log).toContain(path.join(mailDir, file));
    expect(log).not.toContain(verifyToken);
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain("token=");
    // The file itself still has the link, so a fresh clone can open it from data/mail.
    const saved = files.map((file) => fs.readFileSync(path.join(mailDir, file), "utf8")).join("");
    expect(saved.replace(/=\r?\n/g, "")).toContain(verifyToken);
  });
});
