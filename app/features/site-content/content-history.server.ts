import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { done, type Outcome, refuse } from "~/lib/outcome";
import { isPossibleContentKey } from "./content-kinds.server";
import type { ContentRef } from "./content-store.server";

/**
 * A document's published history: every version, who published it and when, what changed, and the
 * body of any version (to view it before restoring it with `restoreVersion`).
 */
export type ContentVersionEntry = {
  version: number;
  summary: string;
  publishedAt: string;
  publishedBy: string | null;
  restoredFrom: number | null;
  isRemoval: boolean;
};

/** Every published version of a document, newest first, with who published it. */
export async function listVersions(
  db: Kysely<Database>,
  ref: ContentRef,
): Promise<ContentVersionEntry[]> {
  if (!isPossibleContentKey(ref)) return [];
  const rows = await db
    .selectFrom("content_version as version")
    .leftJoin("user", "user.id", "version.published_by")
    .select([
      "version.version",
      "version.summary",
      "version.published_at",
      "version.restored_from",
      "user.name as publisher",
      (eb) => eb("version.body", "is", null).as("is_removal"),
    ])
    .where("version.kind", "=", ref.kind)
    .where("version.key", "=", ref.key)
    .orderBy("version.version", "desc")
    .execute();
  return rows.map((row) => ({
    version: row.version,
    summary: row.summary,
    publishedAt: row.published_at,
    publishedBy: row.publisher ?? null,
    restoredFrom: row.restored_from,
    isRemoval: Boolean(row.is_removal),
  }));
}

export async function readVersion(
  db: Kysely<Database>,
  ref: ContentRef,
  version: number,
): Promise<Outcome<{ body: unknown | null; entry: ContentVersionEntry }, "not-found">> {
  const entry = (await listVersions(db, ref)).find((candidate) => candidate.version === version);
  if (!entry) return refuse("not-found");
  const row = await db
    .selectFrom("content_version")
    .select("body")
    .where("kind", "=", ref.kind)
    .where("key", "=", ref.key)
    .where("version", "=", version)
    .executeTakeFirstOrThrow();
  return done({ body: parse(row.body), entry });
}

function parse(body: string | null): unknown | null {
  return body === null ? null : JSON.parse(body);
}
