import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import type { DatabaseHandle } from "../db/database.server";
import { createLocalFileStorage } from "../storage/local-file-storage.server";
import {
  claimBackupRun,
  pruneBackupFolder,
  runRecordedBackup,
  startBackupSchedule,
} from "./backup-runs.server";
import { listCopiedTables } from "./database-copy.server";
import { moveData } from "./move-data.server";
import {
  ArchiveRefusedError,
  restoreBackup,
  type SiteLocation,
  verifyBackup,
  writeBackup,
} from "./site-archive.server";
import { readTar, tarEnd, tarFileHeader, tarPadding } from "./tar";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "uls-backup-"));
  folders.push(folder);
  return folder;
}

type Site = SiteLocation & { handle: TestDatabase };

function siteOn(handle: TestDatabase, dataDir = tempFolder()): Site {
  return {
    handle,
    database: handle.options,
    storage: createLocalFileStorage(path.join(dataDir, "uploads")),
    dataDir,
    configuredAuthSecret: undefined,
  };
}

/** A site with accounts, a session, abstracts and their files, mail with every kind of text. */
async function populate(site: Site) {
  const { handle } = site;
  await insertTestUser(handle, { id: "ada", email: "ada@example.edu", firstName: "Ada" });
  await insertTestUser(handle, {
    id: "zoë",
    email: "zoe@example.edu",
    firstName: "Zoë",
    role: "admin",
  });
  const now = new Date().toISOString();
  await handle.db
    .insertInto("session")
    .values({
      id: "s1",
      token: "token-1",
      userId: "ada",
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: now,
      updatedAt: now,
      ipAddress: "10.0.0.1",
      userAgent: "test",
    } as never)
    .execute();
  for (const userId of ["ada", "zoë"]) {
    const { id } = await insertTestSubmission(handle, { userId, title: `Vowels of ${userId}` });
    await site.storage.put(
      `abstracts/${userId}/${id}.pdf`,
      Readable.from([
        Buffer.from(`%PDF-1.4 ${userId} ${crypto.randomBytes(2000).toString("hex")}`),
      ]),
      { contentType: "application/pdf" },
    );
  }
  await handle.db
    .insertInto("mail_outbox")
    .values({
      id: "m1",
      message_id: "<m1@example.edu>",
      kind: "receipt",
      cause: "an upload",
      recipient: "zoe@example.edu",
      subject: "Reçu — “quotes”",
      text_body: `Line one\nline two 🎉 ${"é".repeat(70_000)}`,
      html_body: null,
      shown_text: "Line one",
      state: "queued",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/** Every copied table's rows, in a form both databases agree on (booleans as 0/1, times as ISO). */
async function dumpTables(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const normalise = (value: unknown): unknown => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "string" && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z?$/.test(value)) {
      return new Date(value.endsWith("Z") ? value : `${value.replace(" ", "T")}Z`).toISOString();
    }
    return value;
  };
  const dump: Record<string, string[]> = {};
  for (const table of await listCopiedTables(handle.db, handle.dialect)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      handle.db,
    );
    dump[table] = rows.rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((key) => [key, normalise(row[key])]),
        ),
      )
      .sort();
  }
  return dump;
}

async function fileDigests(site: SiteLocation): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for await (const stored of site.storage.list("")) {
    digests[stored.key] = crypto
      .createHash("sha256")
      .update(await site.storage.read(stored.key))
      .digest("hex");
  }
  return digests;
}

const targets = testDatabaseTargets();

describe.each(targets)("a backup of a site on $name", (sourceTarget) => {
  const sources = useTestDatabases(sourceTarget);
  const restoreTargets = targets.map((target) => ({ target, databases: useTestDatabases(target) }));

  it.each(targets.map((target, index) => ({ name: target.name, index })))(
    "restores into an empty site on $name with every row and file, the secret, and the latest migrations",
    async ({ index }) => {
      const source = siteOn(await sources.openMigrated());
      await populate(source);
      fs.writeFileSync(path.join(source.dataDir, "auth-secret"), "generated-secret\n");
      const summary = await writeBackup(source, path.join(source.dataDir, "backups"));
      expect(path.basename(summary.file)).toMatch(
        /^site-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/,
      );
      expect(summary.files).toBe(2);
      // Any tar opens it.
      const listing = execFileSync("tar", ["-tzf", summary.file], { encoding: "utf8" });
      expect(listing).toContain("database/user.jsonl");
      expect(listing.trim().split("\n").at(-1)).toBe("manifest.json");

      const { databases } = restoreTargets[index] as (typeof restoreTargets)[number];
      const target = siteOn(await databases.open());
      const restored = await restoreBackup(summary.file, target, { replace: false });
      expect(restored).toMatchObject({ files: 2, authSecret: "restored", removedFiles: 0 });
      expect(await dumpTables(target.handle)).toEqual(await dumpTables(source.handle));
      expect(await fileDigests(target)).toEqual(await fileDigests(source));
      expect(fs.readFileSync(path.join(target.dataDir, "auth-secret"), "utf8")).toBe(
        "generated-secret\n",
      );
    },
  );

  it("refuses a target holding data unless told to replace it, and then replaces everything", async () => {
    const source = siteOn(await sources.openMigrated());
    await populate(source);
    const { file } = await writeBackup(source, tempFolder());
    const target = siteOn(await sources.openMigrated());
    await insertTestUser(target.handle, { id: "someone", email: "someone@example.edu" });
    await target.storage.put("abstracts/someone/x.pdf", Readable.from([Buffer.from("%PDF")]), {
      contentType: "application/pdf",
    });
    const before = await dumpTables(target.handle);
    await expect(restoreBackup(file, target, { replace: false })).rejects.toThrow(
      /already holds data \(user \(1 rows\), 1 stored files\)\. Nothing was changed/,
    );
    expect(await dumpTables(target.handle)).toEqual(before);
    expect(Object.keys(await fileDigests(target))).toEqual(["abstracts/someone/x.pdf"]);

    const replaced = await restoreBackup(file, target, { replace: true });
    expect(replaced.removedFiles).toBe(1);
    expect(await dumpTables(target.handle)).toEqual(await dumpTables(source.handle));
    expect(await fileDigests(target)).toEqual(await fileDigests(source));
  });

  it("refuses a truncated, damaged or foreign archive before touching the target", async () => {
    const source = siteOn(await sources.openMigrated());
    await populate(source);
    const { file } = await writeBackup(source, tempFolder());
    const bytes = fs.readFileSync(file);
    const target = siteOn(await sources.openMigrated());
    const before = await dumpTables(target.handle);
    const folder = tempFolder();
    const cases: [string, Buffer, RegExp][] = [
      ["cut.tar.gz", bytes.subarray(0, Math.floor(bytes.length * 0.6)), /not a complete backup/],
      ["cut-end.tar.gz", bytes.subarray(0, bytes.length - 8), /not a complete backup/],
      ["empty.tar.gz", Buffer.alloc(0), /not a complete backup/],
      ["flipped.tar.gz", flipByte(bytes), /not a complete backup|damaged/],
      ["not-gzip.tar.gz", Buffer.from("hello, world"), /not a complete backup/],
    ];
    for (const [name, content, message] of cases) {
      const damaged = path.join(folder, name);
      fs.writeFileSync(damaged, content);
      await expect(restoreBackup(damaged, target, { replace: true }), name).rejects.toThrow(
        message,
      );
      await expect(restoreBackup(damaged, target, { replace: true })).rejects.toBeInstanceOf(
        ArchiveRefusedError,
      );
    }
    await expect(
      restoreBackup(path.join(folder, "none.tar.gz"), target, { replace: false }),
    ).rejects.toThrow(/There is no file/);
    expect(await dumpTables(target.handle)).toEqual(before);
    expect(await fileDigests(target)).toEqual({});
  });

  it("refuses an archive whose file entry was altered though its gzip is sound", async () => {
    const source = siteOn(await sources.openMigrated());
    await populate(source);
    const { file } = await writeBackup(source, tempFolder());
    const manifest = await verifyBackup(file);
    // Rebuild the archive with one byte of one stored file changed, the manifest kept.
    const entries: Buffer[] = [];
    for await (const entry of readTar(Readable.from([zlib.gunzipSync(fs.readFileSync(file))]))) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      let body: Buffer = Buffer.concat(chunks);
      if (entry.name.startsWith("files/") && entries.length === 0) body = flipByte(body);
      entries.push(tarFileHeader(entry.name, body.length), body, tarPadding(body.length));
    }
    entries.push(tarEnd());
    const altered = path.join(tempFolder(), "altered.tar.gz");
    fs.writeFileSync(altered, zlib.gzipSync(Buffer.concat(entries)));
    expect(manifest.files).toHaveLength(2);
    await expect(verifyBackup(altered)).rejects.toThrow(/does not match its checksum/);
  });
});

function flipByte(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  const at = Math.floor(copy.length / 2);
  copy[at] = (copy[at] as number) ^ 0xff;
  return copy;
}

describe.each(targets)("scheduled and command backups on $name", (target) => {
  const databases = useTestDatabases(target);

  it("take turns: a second claim waits while one runs; a run left by a killed process is ended", async () => {
    const handle = await databases.openMigrated();
    const first = await claimBackupRun(handle.db, { trigger: "schedule" });
    expect(first).toBeTruthy();
    expect(await claimBackupRun(handle.db, { trigger: "command" })).toBeNull();
    const later = new Date(Date.now() + 6 * 60_000);
    const second = await claimBackupRun(handle.db, { trigger: "command", now: later });
    expect(second).toBeTruthy();
    const ended = await handle.db
      .selectFrom("backup_run")
      .select(["state", "error"])
      .where("id", "=", first as string)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ state: "failed", error: expect.stringMatching(/^Interrupted/) });
  });

  it("the schedule backs up when none is recent, once across two servers, and not again within the interval", async () => {
    const site = siteOn(await databases.openMigrated());
    await populate(site);
    const folder = tempFolder();
    const logger = { info: () => {}, error: () => {} };
    const settings = { folder, keep: 7, intervalHours: 24 };
    // Two servers' schedules on one database.
    const schedules = [1, 2].map(() =>
      startBackupSchedule({ db: site.handle.db, site, settings, logger, lookEveryMs: 50 }),
    );
    const runs = async () =>
      site.handle.db.selectFrom("backup_run").select(["state", "trigger"]).execute();
    const deadline = Date.now() + 10_000;
    while (!(await runs()).some((row) => row.state === "succeeded") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const schedule of schedules) await schedule.stop();
    expect(await runs()).toEqual([{ state: "succeeded", trigger: "schedule" }]);
    expect(fs.readdirSync(folder).filter((name) => name.endsWith(".tar.gz"))).toHaveLength(1);
  });

  it("records a backup's result and keeps only the newest archives", async () => {
    const site = siteOn(await databases.openMigrated());
    await populate(site);
    const folder = tempFolder();
    for (const name of [
      "site-backup-2020-01-01T00-00-00Z.tar.gz",
      "site-backup-2020-01-02T00-00-00Z.tar.gz",
    ]) {
      fs.writeFileSync(path.join(folder, name), "old");
    }
    const outcome = await runRecordedBackup(site.handle.db, site, { folder, keep: 2 }, "command");
    expect(outcome.ok).toBe(true);
    expect(fs.readdirSync(folder).sort()).toEqual([
      "site-backup-2020-01-02T00-00-00Z.tar.gz",
      path.basename(outcome.ok ? outcome.summary.file : ""),
    ]);
    const run = await site.handle.db.selectFrom("backup_run").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ state: "succeeded", trigger: "command", files: 2 });
    expect(Number(run.bytes)).toBeGreaterThan(0);
    expect(await pruneBackupFolder(folder, 1)).toEqual(["site-backup-2020-01-02T00-00-00Z.tar.gz"]);
  });
});

describe.skipIf(!targets.some((target) => target.name === "postgres"))("move-data", () => {
  const sqlite = useTestDatabases(targets[0] as (typeof targets)[number]);
  const postgres = useTestDatabases(targets[1] as (typeof targets)[number]);

  it("copies the embedded site to PostgreSQL and other storage, verified; refuses a filled target; resumes files", async () => {
    const source = siteOn(await sqlite.openMigrated());
    await populate(source);
    const target = siteOn(await postgres.open());
    // A run cut off after one file: that file is kept, not copied again.
    const [firstKey] = Object.keys(await fileDigests(source));
    await target.storage.put(
      firstKey as string,
      Readable.from([await source.storage.read(firstKey as string)]),
      {
        contentType: "application/pdf",
      },
    );
    const summary = await moveData({
      source: { database: source.database, storage: source.storage },
      target: { handle: target.handle, storage: target.storage },
      replace: false,
    });
    expect(summary.files).toMatchObject({ copied: 1, alreadyThere: 1 });
    expect(await dumpTables(target.handle)).toEqual(await dumpTables(source.handle));
    expect(await fileDigests(target)).toEqual(await fileDigests(source));
    await expect(
      moveData({
        source: { database: source.database, storage: source.storage },
        target: { handle: target.handle, storage: target.storage },
        replace: false,
      }),
    ).rejects.toThrow(/already holds data/);
  });
});

describe("a crafted archive", () => {
  function archiveOf(entries: [string, Buffer][]): string {
    const parts: Buffer[] = [];
    for (const [name, body] of entries) {
      parts.push(tarFileHeader(name, body.length), body, tarPadding(body.length));
    }
    parts.push(tarEnd());
    const file = path.join(tempFolder(), "crafted.tar.gz");
    fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(parts)));
    return file;
  }
  const digest = (body: Buffer) => crypto.createHash("sha256").update(body).digest("hex");
  const manifestWith = (fields: Record<string, unknown>) =>
    Buffer.from(
      JSON.stringify({
        format: "linguistics-society-site-backup",
        version: 1,
        createdAt: new Date().toISOString(),
        source: { database: "sqlite", storage: "x" },
        migrations: ["0001-app-setting"],
        tables: [],
        files: [],
        authSecret: null,
        ...fields,
      }),
    );

  it("is refused: a key outside the storage, an unlisted entry, another format, a newer version", async () => {
    const body = Buffer.from("owned");
    await expect(
      verifyBackup(
        archiveOf([
          ["files/../../etc/cron.d/evil", body],
          [
            "manifest.json",
            manifestWith({
              files: [{ key: "../../etc/cron.d/evil", bytes: 5, sha256: digest(body) }],
            }),
          ],
        ]),
      ),
    ).rejects.toThrow(/names a file outside the storage/);
    await expect(
      verifyBackup(
        archiveOf([
          ["files/extra.pdf", body],
          ["manifest.json", manifestWith({})],
        ]),
      ),
    ).rejects.toThrow(/holds files\/extra\.pdf, which its manifest does not list/);
    await expect(
      verifyBackup(archiveOf([["manifest.json", manifestWith({ format: "something-else" })]])),
    ).rejects.toThrow(/not a backup of this site/);
    await expect(
      verifyBackup(archiveOf([["manifest.json", manifestWith({ migrations: ["0999-future"] })]])),
    ).rejects.toThrow(/made by a newer version of the site \(migration 0999-future\)/);
    await expect(
      verifyBackup(archiveOf([["manifest.json", Buffer.from("{not json")]])),
    ).rejects.toThrow(/manifest is not valid JSON/);
  });
});

describe("the tar format", () => {
  it("keeps long and non-ASCII names, and refuses a stream cut inside an entry", async () => {
    const name = `files/media/${"ä".repeat(80)}/${"x".repeat(120)}.webp`;
    const body = crypto.randomBytes(1500);
    const archive = Buffer.concat([
      tarFileHeader(name, body.length),
      body,
      tarPadding(body.length),
      tarEnd(),
    ]);
    const read: { name: string; body: Buffer }[] = [];
    for await (const entry of readTar(Readable.from([archive]))) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      read.push({ name: entry.name, body: Buffer.concat(chunks) });
    }
    expect(read).toEqual([{ name, body }]);
    const folder = tempFolder();
    fs.writeFileSync(path.join(folder, "a.tar"), archive);
    expect(
      execFileSync("tar", ["-tf", path.join(folder, "a.tar")], { encoding: "utf8" }).trim(),
    ).toBe(name);
    const consume = async (bytes: Buffer) => {
      for await (const entry of readTar(Readable.from([bytes]))) for await (const _ of entry.body);
    };
    await expect(consume(archive.subarray(0, 1500))).rejects.toThrow(/truncated/);
    await expect(consume(archive.subarray(0, archive.length - 1024))).rejects.toThrow(/truncated/);
  });
});
