// Backups of the running production server, restored the way an operator would after losing the disk:
// - `npm run backup` while uploads and sign-ins go on: the archive is consistent (its manifest checks);
// - the data folder is destroyed; `npm run restore` into a fresh folder: a signed-in user's pages are
//   identical with the same cookie, and a second backup of the restored site has the same tables and
//   files, digest for digest;
// - the same archive into PostgreSQL (when TEST_DATABASE_URL is set): the same pages;
// - a truncated archive is refused with a clear message, and the target is left as it was.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { verifyBackup } from "~/lib/backup/site-archive.server";
import { withAbstractDetails } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { scratchPostgresSchema } from "../support/postgres-schema";
import { formHeaders, ownClientAddress, signIn, signUpAndSignIn } from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(projectRoot, "node_modules/.bin/tsx");
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const secret = "robustness-secret-not-for-production-0123456789";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "uls-restore-"));
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Runs an operations command as an operator would (`npm run <name>`), with the site's settings. */
async function command(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, [`scripts/${script}.ts`, ...args], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        // Vitest sets BASE_URL=/; the commands read the site's configuration, where it is an address.
        BASE_URL: "http://localhost:3000",
        BETTER_AUTH_SECRET: secret,
        ...env,
      },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function upload(server: ProductionServer, cookie: string, title: string): Promise<number> {
  const form = withAbstractDetails(new FormData());
  form.set("title", title);
  form.set(
    "abstract",
    new File([new Uint8Array(await makeAbstractPdf())], `${title}.pdf`, {
      type: "application/pdf",
    }),
  );
  const response = await fetch(`${server.baseUrl}/sculc/submit-abstract`, {
    method: "POST",
    headers: formHeaders(server, { cookie, "X-Forwarded-For": ownClientAddress() }),
    body: form,
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status;
}

const signedInPages = ["/profile", "/sculc/view-submission", "/sculc/submit-abstract"];

/** A signed-in user's pages, without what differs per response or server (the nonce, the port). */
async function pagesOf(server: ProductionServer, cookie: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const page of signedInPages) {
    const response = await fetch(`${server.baseUrl}${page}`, { headers: { cookie } });
    expect(response.status, page).toBe(200);
    pages[page] = (await response.text())
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replaceAll(server.baseUrl, "http://the-site");
  }
  return pages;
}

describe("backing up the running site and restoring it after the disk is lost", () => {
  it("restores into a fresh folder and into PostgreSQL with the same pages, rows and files; refuses a truncated archive", async () => {
    const original = await startProductionServer({ env: { WEB_CONCURRENCY: "2" } });
    cleanups.push(() => original.stop());
    const reader = await signUpAndSignIn(original, { firstName: "Noam", lastName: "Reader" });
    expect(await upload(original, reader.cookie, "Settled vowels")).toBeLessThan(400);
    const others = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        signUpAndSignIn(original, { firstName: `Busy${index}` }),
      ),
    );
    const pagesBefore = await pagesOf(original, reader.cookie);
    expect(pagesBefore["/sculc/view-submission"]).toContain("Settled vowels");

    // Uploads and sign-ins go on while the backup runs.
    let isLoading = true;
    const load = (async () => {
      let round = 0;
      const statuses: number[] = [];
      while (isLoading) {
        round++;
        const answers = await Promise.all([
          ...others.map((user, index) =>
            upload(original, user.cookie, `Busy ${index} round ${round}`),
          ),
          ...others.map((user) =>
            signIn(original, user.email, user.password).then(async (response) => {
              await response.body?.cancel();
              return response.status;
            }),
          ),
        ]);
        statuses.push(...answers);
      }
      return statuses;
    })();
    const backups = tempFolder();
    const started = Date.now();
    const backedUp = await command("backup", ["--to", backups], { DATA_DIR: original.dataDir });
    const backupMs = Date.now() - started;
    isLoading = false;
    const statuses = await load;
    expect(backedUp.output, backedUp.output).toMatch(/Backed up \d+ tables/);
    expect(backedUp.code).toBe(0);
    expect(
      statuses.every((status) => status < 500),
      `answers: ${statuses.join(",")}`,
    ).toBe(true);
    const [archiveName] = fs.readdirSync(backups);
    const archive = path.join(backups, archiveName as string);
    const manifest = await verifyBackup(archive);
    reportMeasurement("backup under load", {
      ms: backupMs,
      archiveBytes: fs.statSync(archive).size,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      loadRequests: statuses.length,
    });

    // The disk is lost.
    await original.stop();
    fs.rmSync(original.dataDir, { recursive: true, force: true });

    // A truncated copy is refused; the fresh folder stays empty.
    const truncated = path.join(tempFolder(), "truncated.tar.gz");
    fs.writeFileSync(
      truncated,
      fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.7)),
    );
    const refusedFolder = path.join(tempFolder(), "data");
    const refused = await command("restore", [truncated], { DATA_DIR: refusedFolder });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not a complete backup: .* Nothing was changed/);
    expect(fs.existsSync(refusedFolder)).toBe(false);

    // Into a fresh folder.
    const restoredFolder = path.join(tempFolder(), "data");
    const restoredRun = await command("restore", [archive], { DATA_DIR: restoredFolder });
    expect(restoredRun.output, restoredRun.output).toMatch(/Restored \d+ tables/);
    expect(restoredRun.code).toBe(0);
    // Before it serves (which refreshes sessions), a backup of the restored site holds the same tables
    // and files, digest for digest.
    const again = tempFolder();
    expect((await command("backup", ["--to", again], { DATA_DIR: restoredFolder })).code).toBe(0);
    const [againName] = fs.readdirSync(again);
    const second = await verifyBackup(path.join(again, againName as string));
    expect(second.tables).toEqual(manifest.tables);
    expect(second.files).toEqual(manifest.files);
    const restored = await startProductionServer({
      dataDir: restoredFolder,
      env: { WEB_CONCURRENCY: "2" },
    });
    cleanups.push(() => restored.stop());
    expect(await pagesOf(restored, reader.cookie)).toEqual(pagesBefore);

    await restored.stop();

    // A restore into the same, now filled, folder is refused without --replace.
    const twice = await command("restore", [archive], { DATA_DIR: restoredFolder });
    expect(twice.code).toBe(1);
    expect(twice.output).toMatch(/already holds data .* add --replace/);

    if (!postgresUrl) return;
    const scratch = await scratchPostgresSchema(postgresUrl as string, "restore");
    cleanups.push(scratch.drop);
    const databaseUrl = new URL(scratch.url);
    const postgresFolder = path.join(tempFolder(), "data");
    const intoPostgres = await command("restore", [archive], {
      DATA_DIR: postgresFolder,
      DATABASE_URL: databaseUrl.toString(),
    });
    expect(intoPostgres.output, intoPostgres.output).toMatch(/Restoring into PostgreSQL/);
    expect(intoPostgres.code).toBe(0);
    const onPostgres = await startProductionServer({
      dataDir: postgresFolder,
      env: { WEB_CONCURRENCY: "2", DATABASE_URL: databaseUrl.toString() },
    });
    cleanups.push(() => onPostgres.stop());
    expect(await pagesOf(onPostgres, reader.cookie)).toEqual(pagesBefore);
  });
});
