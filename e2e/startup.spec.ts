import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Starting the real production build with bad settings: it must stop at once, say what is wrong and
// what to do, and never print a secret.
test.skip(({ isMobile }) => isMobile, "server behaviour is checked on the desktop project");

function startServer(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["server.js"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test.describe("server start-up", { tag: "@server-answers" }, () => {
  test("lists every invalid setting with its reason", () => {
    const { status, output } = startServer({
      PORT: "eighty",
      BASE_URL: "ftp://example.org",
      DATABASE_URL: "mysql://db/site",
    });
    expect(status).toBe(1);
    expect(output).toContain("Invalid configuration:");
    expect(output).toContain("PORT: must be a number");
    expect(output).toContain("BASE_URL: must be an http:// or https:// URL");
    expect(output).toContain("DATABASE_URL: must be a postgres:// URL");
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });

  test("names an unreachable database without revealing its password", () => {
    const { status, output } = startServer({
      PORT: "3699",
      DATABASE_URL: "postgres://app:s3cret-pass@127.0.0.1:1/site",
    });
    expect(status).toBe(1);
    expect(output).toContain("Cannot prepare the database (PostgreSQL at 127.0.0.1:1/site)");
    expect(output).toContain("Check DATABASE_URL");
    expect(output).not.toContain("s3cret-pass");
  });

  test("says which data folder is unusable", () => {
    const notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "uls-start-")), "file");
    fs.writeFileSync(notAFolder, "");
    const { status, output } = startServer({ PORT: "3699", DATA_DIR: notAFolder });
    expect(status).toBe(1);
    expect(output).toContain(`Cannot prepare the database (SQLite file ${notAFolder}/app.db)`);
    expect(output).toContain(`Check that DATA_DIR (${notAFolder}) is a folder`);
  });
});
