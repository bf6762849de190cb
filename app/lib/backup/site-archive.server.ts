import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import zlib from "node:zlib";
import {
  type DatabaseHandle,
  type DatabaseOptions,
  databaseOptionsFromEnv,
  listAppliedMigrations,
  migrateTo,
  migrateToLatest,
} from "../db/database.server";
import { migrations as knownMigrations } from "../db/migrations/index";
import type { Env } from "../env.server";
import type { FileStorage } from "../storage/file-storage";
import {
  countRows,
  loadTables,
  openDatabaseSnapshot,
  rowsOfFreshDatabase,
  type TableRows,
  toPortableValue,
} from "./database-copy.server";
import { readTar, TarFormatError, tarEnd, tarFileHeader, tarPadding } from "./tar";

export const archiveFormat = "linguistics-society-site-backup";

export type BackupManifest = {
  format: typeof archiveFormat;
  version: 1;
  createdAt: string;
  source: { database: DatabaseOptions["dialect"]; storage: string };
  /** The migrations the saved rows were written under; a restore loads them into that schema. */
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number; bytes: number; sha256: string }[];
  files: { key: string; bytes: number; sha256: string }[];
  /**
   * The secret that signs sessions and links: `inArchive` when the site generated it into DATA_DIR (then
   * it is saved, so sessions survive a restore); otherwise only its digest, to tell whether the target's
   * BETTER_AUTH_SECRET is the same.
   */
  authSecret: { sha256: string; inArchive: boolean } | null;
};

export class ArchiveRefusedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ArchiveRefusedError";
  }
}

export type SiteLocation = {
  database: DatabaseOptions;
  storage: FileStorage;
  dataDir: string;
  /** BETTER_AUTH_SECRET when configured; otherwise the site keeps a generated one in DATA_DIR. */
  configuredAuthSecret: string | undefined;
};

const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest("hex");

function authSecretFile(dataDir: string) {
  return path.join(dataDir, "auth-secret");
}

const tableEntry = (name: string) => `database/${name}.jsonl`;
const fileEntry = (key: string) => `files/${key}`;
const secretEntry = "secrets/auth-secret";
const manifestEntry = "manifest.json";

export type BackupSummary = {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Files listed at the start that were deleted before they were read (a replaced upload). */
  vanishedFiles: string[];
  durationMs: number;
};

/** `sculc-backup-2026-11-26T20-05-09Z.tar.gz`: sorts by time, and is a valid name everywhere. */
export function backupFileName(at: Date): string {
  return `site-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}.tar.gz`;
}

/**
 * Writes one archive of the whole site while it keeps serving: every copied table from one consistent
 * snapshot, every stored file, the generated auth secret, and last a manifest with counts and SHA-256
 * digests. The archive appears under its name only once complete and synced; a failure leaves nothing.
 */
export async function writeBackup(
  site: SiteLocation,
  folder: string,
  options: { now?: Date } = {},
): Promise<BackupSummary> {
  const started = Date.now();
  const createdAt = options.now ?? new Date();
  await fsp.mkdir(folder, { recursive: true });
  // Two backups in one second (a command right after a scheduled one) must not share a name.
  let file = path.join(folder, backupFileName(createdAt));
  for (let copy = 2; fs.existsSync(file) || fs.existsSync(`${file}.partial`); copy++) {
    file = path.join(folder, backupFileName(createdAt).replace(".tar.gz", `-${copy}.tar.gz`));
  }
  const partial = `${file}.partial`;
  const scratch = await fsp.mkdtemp(path.join(folder, ".backup-tables-"));
  const snapshot = await openDatabaseSnapshot(site.database);
  const gzip = zlib.createGzip({ level: 3 });
  const output = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
  const writing = pipeline(gzip, output);
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await new Promise<void>((resolve) => gzip.once("drain", resolve));
  };
  const manifest: BackupManifest = {
    format: archiveFormat,
    version: 1,
    createdAt: createdAt.toISOString(),
    source: { database: snapshot.dialect, storage: site.storage.describe() },
    migrations: snapshot.migrations,
    tables: [],
    files: [],
    authSecret: null,
  };
  const vanishedFiles: string[] = [];
  try {
    // Files first, listed once the snapshot is taken: every file its rows name is here unless the site
    // deleted it in between. A restore stores the files before it loads the rows that name them.
    for await (const stored of site.storage.list("")) {
      const opened = await site.storage.open(stored.key);
      if (!opened) {
        vanishedFiles.push(stored.key);
        continue;
      }
      const hash = crypto.createHash("sha256");
      await write(tarFileHeader(fileEntry(stored.key), opened.size, stored.lastModified));
      let bytes = 0;
      for await (const chunk of opened.body) {
        const buffer = chunk as Buffer;
        bytes += buffer.length;
        if (bytes > opened.size) break;
        hash.update(buffer);
        await write(buffer);
      }
      if (bytes !== opened.size) {
        throw new Error(`The stored file ${stored.key} changed size while it was read`);
      }
      await write(tarPadding(bytes));
      manifest.files.push({ key: stored.key, bytes, sha256: hash.digest("hex") });
    }
    // Then the tables, each spilled to a scratch file (a tar entry states its size before its bytes).
    for (const table of snapshot.tables) {
      const spill = path.join(scratch, `${table.name}.jsonl`);
      const hash = crypto.createHash("sha256");
      let rows = 0;
      const out = fs.createWriteStream(spill);
      for await (const batch of table.batches) {
        let text = "";
        for (const row of batch) text += `${JSON.stringify(row.map(toPortableValue))}\n`;
        hash.update(text);
        rows += batch.length;
        if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", resolve));
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      const bytes = (await fsp.stat(spill)).size;
      await write(tarFileHeader(tableEntry(table.name), bytes, createdAt));
      for await (const chunk of fs.createReadStream(spill)) await write(chunk as Buffer);
      await write(tarPadding(bytes));
      await fsp.rm(spill);
      manifest.tables.push({
        name: table.name,
        columns: table.columns,
        rows,
        bytes,
        sha256: hash.digest("hex"),
      });
    }
    await snapshot.close();
    if (site.configuredAuthSecret) {
      manifest.authSecret = { sha256: sha256(site.configuredAuthSecret), inArchive: false };
    } else if (fs.existsSync(authSecretFile(site.dataDir))) {
      const secret = fs.readFileSync(authSecretFile(site.dataDir));
      manifest.authSecret = { sha256: sha256(secret.toString("utf8").trim()), inArchive: true };
      await write(tarFileHeader(secretEntry, secret.length, createdAt));
      await write(secret);
      await write(tarPadding(secret.length));
    }
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await write(tarFileHeader(manifestEntry, manifestBytes.length, createdAt));
    await write(manifestBytes);
    await write(tarPadding(manifestBytes.length));
    await write(tarEnd());
    gzip.end();
    await writing;
    const handle = await fsp.open(partial, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(partial, file);
  } catch (error) {
    gzip.destroy();
    await writing.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    await snapshot.close().catch(() => undefined);
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  return {
    file,
    bytes: (await fsp.stat(file)).size,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    files: manifest.files.length,
    fileBytes: manifest.files.reduce((sum, entry) => sum + entry.bytes, 0),
    vanishedFiles,
    durationMs: Date.now() - started,
  };
}

/** The archive's tar entries; gzip's own checks catch a damaged or cut-off stream. */
function openArchive(file: string) {
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  return readTar(gunzip);
}

function describeArchiveError(file: string, error: unknown): ArchiveRefusedError {
  if (error instanceof ArchiveRefusedError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new ArchiveRefusedError(`There is no file ${file}.`);
  if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || error instanceof TarFormatError) {
    const reason =
      error instanceof TarFormatError ? error.message : "its compressed data is damaged or cut off";
    return new ArchiveRefusedError(
      `${file} is not a complete backup: ${reason}. Nothing was changed. Use another backup.`,
      { cause: error },
    );
  }
  return new ArchiveRefusedError(`${file} could not be read: ${String(error)}`, { cause: error });
}

/**
 * Reads the whole archive once and checks it against its manifest: every table and file present, with
 * the size and SHA-256 digest recorded, nothing else, and migrations this version of the site knows.
 * Nothing is touched; a damaged, truncated or foreign archive is refused with the reason.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const digests = new Map<string, { bytes: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  // Entries come in the order a restore needs them: files, tables, the secret, the manifest.
  const phaseOf = (name: string) =>
    name.startsWith("files/") ? 0 : name.startsWith("database/") ? 1 : name === secretEntry ? 2 : 3;
  let phase = 0;
  try {
    for await (const entry of openArchive(file)) {
      if (manifest) throw new ArchiveRefusedError(`${file} has entries after its manifest.`);
      if (phaseOf(entry.name) < phase) {
        throw new ArchiveRefusedError(
          `${file} is not in the order a backup writes: ${entry.name} is out of place.`,
        );
      }
      phase = phaseOf(entry.name);
      if (entry.name === manifestEntry) {
        if (entry.size > 64 * 1024 * 1024)
          throw new ArchiveRefusedError(`${file}'s manifest is too large.`);
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifest = parseManifest(file, Buffer.concat(chunks).toString("utf8"));
        continue;
      }
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      for await (const chunk of entry.body) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      digests.set(entry.name, { bytes, sha256: hash.digest("hex") });
    }
  } catch (error) {
    throw describeArchiveError(file, error);
  }
  if (!manifest) {
    throw new ArchiveRefusedError(
      `${file} is not a complete backup: it has no manifest (a backup that was cut off). Nothing was changed.`,
    );
  }
  const expected = new Map<string, { bytes: number; sha256: string }>();
  for (const table of manifest.tables) expected.set(tableEntry(table.name), table);
  for (const stored of manifest.files) expected.set(fileEntry(stored.key), stored);
  for (const [name, wanted] of expected) {
    const found = digests.get(name);
    if (!found) throw new ArchiveRefusedError(`${file} is missing ${name}. Nothing was changed.`);
    if (found.bytes !== wanted.bytes || found.sha256 !== wanted.sha256) {
      throw new ArchiveRefusedError(
        `${file} is damaged: ${name} does not match its checksum. Nothing was changed. Use another backup.`,
      );
    }
  }
  for (const name of digests.keys()) {
    if (!expected.has(name) && !(name === secretEntry && manifest.authSecret?.inArchive)) {
      throw new ArchiveRefusedError(`${file} holds ${name}, which its manifest does not list.`);
    }
  }
  const unknown = manifest.migrations.filter((name) => !(name in knownMigrations));
  if (unknown.length) {
    throw new ArchiveRefusedError(
      `${file} was made by a newer version of the site (migration ${unknown.join(", ")}). Update the site, then restore. Nothing was changed.`,
    );
  }
  return manifest;
}

function parseManifest(file: string, text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArchiveRefusedError(`${file}'s manifest is not valid JSON: the archive is damaged.`);
  }
  const manifest = value as Partial<BackupManifest>;
  if (manifest.format !== archiveFormat || manifest.version !== 1) {
    throw new ArchiveRefusedError(`${file} is not a backup of this site (unknown format).`);
  }
  if (
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.files) ||
    !Array.isArray(manifest.migrations)
  ) {
    throw new ArchiveRefusedError(`${file}'s manifest is incomplete: the archive is damaged.`);
  }
  for (const stored of manifest.files) {
    if (typeof stored?.key !== "string" || !isSafeKey(stored.key)) {
      throw new ArchiveRefusedError(
        `${file} names a file outside the storage: ${String(stored?.key)}`,
      );
    }
  }
  for (const table of manifest.tables) {
    if (typeof table?.name !== "string" || !/^[a-z_][a-z0-9_]*$/.test(table.name)) {
      throw new ArchiveRefusedError(
        `${file} names a table that is not one: ${String(table?.name)}`,
      );
    }
  }
  return manifest as BackupManifest;
}

/** Storage keys are relative paths the server made: no `..`, no absolute paths, no hidden folders. */
function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length < 1024 &&
    !key.startsWith("/") &&
    !key.includes("\\") &&
    !key.includes("\0") &&
    key
      .split("/")
      .every((part) => part !== "" && part !== "." && part !== ".." && !part.startsWith("."))
  );
}

export type TargetState = { rowsBeyondFresh: string[]; keys: Set<string>; hasData: boolean };

/**
 * Whether the target holds anyone's data: rows beyond what its migrations put there by themselves, or
 * stored files. A server started once on an empty folder holds none.
 */
export async function inspectTarget(
  handle: DatabaseHandle,
  storage: FileStorage | null,
): Promise<TargetState> {
  const applied = await listAppliedMigrations(handle.db).catch(() => [] as string[]);
  const rowsBeyondFresh: string[] = [];
  if (applied.length) {
    const fresh = await rowsOfFreshDatabase(migrateTo, applied);
    for (const [table, count] of await countRows(handle.db, handle.dialect)) {
      if (count > (fresh.get(table) ?? 0)) rowsBeyondFresh.push(`${table} (${count} rows)`);
    }
  }
  const keys = new Set<string>();
  if (storage) for await (const stored of storage.list("")) keys.add(stored.key);
  return { rowsBeyondFresh, keys, hasData: rowsBeyondFresh.length > 0 || keys.size > 0 };
}

export type RestoreSummary = {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  removedFiles: number;
  migrationsApplied: string[];
  authSecret: "restored" | "same" | "differs" | "none";
};

/** A file's content type, from its name: the server serves media and materials by what it stored. */
export function contentTypeOf(key: string): string {
  const extension = path.extname(key).toLowerCase();
  return (
    {
      ".pdf": "application/pdf",
      ".webp": "image/webp",
      ".avif": "image/avif",
      ".jpg": "image/jpeg",
      ".jpeg": "image/jpeg",
      ".png": "image/png",
      ".json": "application/json",
    }[extension] ?? "application/octet-stream"
  );
}

/**
 * Restores a verified archive into the configured site. Refuses a target holding data unless `replace`;
 * checks the whole archive before touching anything; loads every table in one transaction (a failure
 * leaves the database as it was and removes the files this run added); then migrates to the latest
 * version and removes, with `replace`, stored files the archive does not have.
 */
export async function restoreBackup(
  file: string,
  target: SiteLocation & { handle: DatabaseHandle },
  options: { replace: boolean },
): Promise<RestoreSummary> {
  const manifest = await verifyBackup(file);
  const state = await inspectTarget(target.handle, target.storage);
  if (state.hasData && !options.replace) {
    const what = [
      ...state.rowsBeyondFresh,
      ...(state.keys.size ? [`${state.keys.size} stored files`] : []),
    ].join(", ");
    throw new ArchiveRefusedError(
      `The target already holds data (${what}). Nothing was changed. Restore into an empty DATA_DIR or database, or add --replace to replace everything in it with the backup.`,
    );
  }
  const existingKeys = state.keys;
  const wantedKeys = new Set(manifest.files.map((stored) => stored.key));
  const addedKeys: string[] = [];
  const byName = new Map(manifest.files.map((stored) => [fileEntry(stored.key), stored]));
  const tables = new Map(manifest.tables.map((table) => [tableEntry(table.name), table]));
  let secret: Buffer | undefined;

  await migrateTo(target.handle, manifest.migrations.at(-1));
  const entries = openArchive(file)[Symbol.asyncIterator]();
  try {
    // Files come first in the archive: each is stored (again) and checked against the manifest.
    let next = await entries.next();
    while (!next.done && next.value.name.startsWith("files/")) {
      const wanted = byName.get(next.value.name);
      if (!wanted) throw new ArchiveRefusedError(`${file} changed while it was restored.`);
      const hash = crypto.createHash("sha256");
      const body = next.value.body;
      await target.storage.put(
        wanted.key,
        Readable.from(
          (async function* () {
            for await (const chunk of body) {
              hash.update(chunk);
              yield chunk;
            }
          })(),
        ),
        { contentType: contentTypeOf(wanted.key) },
      );
      if (!existingKeys.has(wanted.key)) addedKeys.push(wanted.key);
      if (hash.digest("hex") !== wanted.sha256) {
        throw new ArchiveRefusedError(`${file} changed while it was restored (${wanted.key}).`);
      }
      next = await entries.next();
    }
    // Then the tables, in the order they reference each other, all in one transaction.
    const first = next;
    const tableStream: AsyncIterable<TableRows> = {
      [Symbol.asyncIterator]: async function* () {
        let current = first;
        while (!current.done && current.value.name.startsWith("database/")) {
          const table = tables.get(current.value.name);
          if (!table) throw new ArchiveRefusedError(`${file} changed while it was restored.`);
          yield {
            name: table.name,
            columns: table.columns,
            batches: jsonLines(current.value.body, 500),
          };
          current = await entries.next();
        }
        while (!current.done) {
          if (current.value.name === secretEntry) {
            const chunks: Buffer[] = [];
            for await (const chunk of current.value.body) chunks.push(chunk);
            secret = Buffer.concat(chunks);
          }
          current = await entries.next();
        }
      },
    };
    await target.handle.db
      .transaction()
      .execute((trx) => loadTables(trx, target.handle.dialect, tableStream));
  } catch (error) {
    for (const key of addedKeys) await target.storage.delete(key).catch(() => undefined);
    // The rows rolled back; the schema goes back to this version's too.
    await migrateToLatest(target.handle).catch(() => undefined);
    throw error instanceof ArchiveRefusedError ? error : describeArchiveError(file, error);
  } finally {
    await entries.return?.(undefined);
  }
  const migrationsApplied = await migrateToLatest(target.handle);
  let removedFiles = 0;
  if (options.replace) {
    for (const key of existingKeys) {
      if (!wantedKeys.has(key)) {
        await target.storage.delete(key);
        removedFiles++;
      }
    }
  }
  let authSecret: RestoreSummary["authSecret"] = "none";
  if (manifest.authSecret) {
    if (target.configuredAuthSecret) {
      authSecret =
        sha256(target.configuredAuthSecret) === manifest.authSecret.sha256 ? "same" : "differs";
    } else if (secret) {
      await fsp.mkdir(target.dataDir, { recursive: true });
      await fsp.writeFile(authSecretFile(target.dataDir), secret, { mode: 0o600 });
      authSecret = "restored";
    } else {
      authSecret = "differs";
    }
  }
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    files: manifest.files.length,
    fileBytes: manifest.files.reduce((sum, stored) => sum + stored.bytes, 0),
    removedFiles,
    migrationsApplied,
    authSecret,
  };
}

/** An archive table's JSON lines, parsed in batches. */
async function* jsonLines(body: AsyncIterable<Buffer>, size: number): AsyncGenerator<unknown[][]> {
  // A character may be split between two chunks: the decoder holds its first bytes back.
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let batch: unknown[][] = [];
  for await (const chunk of body) {
    pending += decoder.write(chunk);
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line) continue;
      batch.push(JSON.parse(line) as unknown[]);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  pending += decoder.end();
  if (pending) batch.push(JSON.parse(pending) as unknown[]);
  if (batch.length) yield batch;
}

/** The configured site's database, storage and data folder, as backups and restores see them. */
export function siteLocationFromEnv(
  env: Pick<Env, "databaseUrl" | "dataDir" | "authSecret">,
  storage: FileStorage,
): SiteLocation {
  return {
    database: databaseOptionsFromEnv(env),
    storage,
    dataDir: env.dataDir,
    configuredAuthSecret: env.authSecret,
  };
}
