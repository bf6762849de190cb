import crypto from "node:crypto";
import {
  type DatabaseHandle,
  type DatabaseOptions,
  migrateTo,
  migrateToLatest,
} from "../db/database.server";
import type { FileStorage } from "../storage/file-storage";
import { countRows, loadTables, openDatabaseSnapshot } from "./database-copy.server";
import { ArchiveRefusedError, contentTypeOf, inspectTarget } from "./site-archive.server";

export type MoveSummary = {
  tables: number;
  rows: number;
  files: { copied: number; alreadyThere: number; bytes: number };
  migrationsApplied: string[];
  durationMs: number;
};

async function digestOf(storage: FileStorage, key: string): Promise<string | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  const hash = crypto.createHash("sha256");
  for await (const chunk of opened.body) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Copies the site's database (and, given `targetStorage`, its files) to another database and storage,
 * then checks the copy: rows per table counted again in the target, every file read back and compared
 * by SHA-256. The source is only read. A target database holding data is refused unless `replace`; the
 * rows go in one transaction, so a run cut off leaves the target database as it was. Files already in
 * the target storage with the same digest are kept, so a run cut off while copying files resumes.
 */
export async function moveData(input: {
  source: { database: DatabaseOptions; storage: FileStorage };
  target: { handle: DatabaseHandle; storage: FileStorage | null };
  replace: boolean;
  onProgress?: (line: string) => void;
}): Promise<MoveSummary> {
  const started = Date.now();
  const { source, target } = input;
  const progress = input.onProgress ?? (() => undefined);
  const state = await inspectTarget(target.handle, null);
  if (state.hasData && !input.replace) {
    throw new ArchiveRefusedError(
      `The target database already holds data (${state.rowsBeyondFresh.join(", ")}). Nothing was changed. Point --to at an empty database, or add --replace to replace what it holds.`,
    );
  }
  const files = { copied: 0, alreadyThere: 0, bytes: 0 };
  if (target.storage) {
    for await (const stored of source.storage.list("")) {
      const digest = await digestOf(source.storage, stored.key);
      const opened = digest ? await source.storage.open(stored.key) : null;
      if (!digest || !opened) continue;
      files.bytes += opened.size;
      if ((await digestOf(target.storage, stored.key)) === digest) {
        opened.body.destroy();
        files.alreadyThere++;
        continue;
      }
      await target.storage.put(stored.key, opened.body, { contentType: contentTypeOf(stored.key) });
      if ((await digestOf(target.storage, stored.key)) !== digest) {
        throw new Error(`${stored.key} reads back different from the target storage`);
      }
      files.copied++;
      if ((files.copied + files.alreadyThere) % 100 === 0) {
        progress(`  ${files.copied + files.alreadyThere} files checked or copied...`);
      }
    }
  }
  const snapshot = await openDatabaseSnapshot(source.database);
  let loaded: Map<string, number>;
  try {
    await migrateTo(target.handle, snapshot.migrations.at(-1));
    loaded = await target.handle.db
      .transaction()
      .execute((trx) => loadTables(trx, target.handle.dialect, snapshot.tables));
  } finally {
    await snapshot.close();
  }
  // Counted before the newer migrations, which may add rows of their own.
  const counted = await countRows(target.handle.db, target.handle.dialect);
  for (const [table, rows] of loaded) {
    if (counted.get(table) !== rows) {
      throw new Error(
        `${table} holds ${counted.get(table) ?? 0} rows in the target after the copy, not ${rows}`,
      );
    }
  }
  const migrationsApplied = await migrateToLatest(target.handle);
  return {
    tables: loaded.size,
    rows: [...loaded.values()].reduce((sum, rows) => sum + rows, 0),
    files,
    migrationsApplied,
    durationMs: Date.now() - started,
  };
}
