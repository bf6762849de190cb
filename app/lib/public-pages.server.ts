import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { readAppSetting, writeAppSetting } from "./app-settings.server";
import type { Database } from "./db/schema";

/**
 * Public pages (home, board, NACLO, events, edition pages) are served to signed-out visitors from a
 * cache of rendered bodies (server/public-page-cache.ts). What a deploy or the date changes, the cache
 * knows by itself; what an admin changes at run time, it learns from this revision: every change that
 * shows on a public page calls `markPublicPagesChanged` in the transaction that makes the change, and
 * every cached page is checked against the revision in the database before it is served, so no worker
 * of any server sharing the database serves a page older than a committed change.
 */

const revisionKey = "public-pages-revision";

/** Call inside the transaction that changes something a public page shows. */
export async function markPublicPagesChanged(trx: Transaction<Database>): Promise<void> {
  // Any new value will do: the cache compares for equality, never for order.
  await writeAppSetting(
    trx,
    revisionKey,
    `${Date.now().toString(36)}-${crypto.randomBytes(6).toString("hex")}`,
  );
}

/**
 * Read for every cached page served; one query answers all requests waiting for it
 * (`createRevisionReader`), and on SQLite the statement is prepared once (the connection's statement
 * cache in database.server.ts).
 */
export function createPublicPagesRevisionSource(db: Kysely<Database>): () => Promise<string> {
  return createRevisionReader(async () => (await readAppSetting(db, revisionKey)) ?? "initial");
}

/**
 * Many requests at once need the revision; one database read can answer all those that arrived before
 * it started. A caller never gets a value read before it asked (that could predate a change committed
 * just before its request), so at most one read is in flight and one more is queued behind it.
 */
export function createRevisionReader(read: () => Promise<string>): () => Promise<string> {
  let inFlight: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  const start = (): Promise<string> => {
    const reading = read();
    inFlight = reading;
    const clear = () => {
      if (inFlight === reading) inFlight = null;
    };
    reading.then(clear, clear);
    return reading;
  };
  return () => {
    if (!inFlight) return start();
    // The read in flight may have started before this call: wait for the next one.
    if (!queued) {
      const settled = inFlight.then(
        () => undefined,
        () => undefined,
      );
      queued = settled.then(() => {
        queued = null;
        return start();
      });
    }
    return queued;
  };
}
