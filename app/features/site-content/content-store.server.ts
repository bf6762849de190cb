import type { Kysely, Transaction } from "kysely";
import type { ContentKind } from "~/content/site-content";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import { summariseChanges } from "./content-changes";
import { checkDocument, type FieldIssue, isPossibleContentKey } from "./content-kinds.server";

/**
 * Content documents: a draft that editors save as often as they like, and published versions that are
 * only ever added. Visitors see the latest published version; publishing, restoring and taking a
 * document off the site each add a version and bump the public-pages revision in the same
 * transaction, so every worker of every server drops its cached pages on its next request.
 *
 * Every save names the draft revision its form was opened at (`basedOn`). A save over a revision the
 * editor has not seen is refused as stale and stores nothing, so two editors (or two tabs) never undo
 * each other's work without knowing.
 */

export type ContentRef = { kind: ContentKind; key: string };

export type ContentDocument = ContentRef & {
  draft: unknown;
  draftRevision: number;
  draftSavedAt: string;
  draftSavedBy: string | null;
  /** The latest published version's number, or null when never published. */
  publishedVersion: number | null;
  /** The latest published version's body (null when it took the document off the site). */
  published: unknown | null;
  /** Whether the draft differs from what visitors see. */
  hasUnpublishedChanges: boolean;
};

export type ContentRefusal =
  | { reason: "invalid"; issues: FieldIssue[] }
  | { reason: "stale"; current: ContentDocument }
  | { reason: "exists" }
  | { reason: "not-found" }
  | { reason: "key-changed" }
  | { reason: "unchanged" };

export type ContentOutcome<Value> = { ok: true; value: Value } | ({ ok: false } & ContentRefusal);

export type ContentActor = { id: string };

function parse(body: string | null): unknown | null {
  return body === null ? null : JSON.parse(body);
}

/** Each document beside its latest published version (none for a document never published). */
export function documentsWithPublishedBody(db: Kysely<Database>) {
  return db
    .selectFrom("content_document as document")
    .leftJoin("content_version as version", (join) =>
      join
        .onRef("version.kind", "=", "document.kind")
        .onRef("version.key", "=", "document.key")
        .onRef("version.version", "=", "document.published_version"),
    );
}

export async function readDocument(
  db: Kysely<Database>,
  ref: ContentRef,
): Promise<ContentDocument | null> {
  if (!isPossibleContentKey(ref)) return null;
  const row = await documentsWithPublishedBody(db)
    .select([
      "document.kind",
      "document.key",
      "document.draft",
      "document.draft_revision",
      "document.draft_saved_at",
      "document.draft_saved_by",
      "document.published_version",
      "version.body as published_body",
    ])
    .where("document.kind", "=", ref.kind)
    .where("document.key", "=", ref.key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    kind: ref.kind,
    key: row.key,
    draft: JSON.parse(row.draft),
    draftRevision: row.draft_revision,
    draftSavedAt: row.draft_saved_at,
    draftSavedBy: row.draft_saved_by,
    publishedVersion: row.published_version,
    published: parse(row.published_body ?? null),
    hasUnpublishedChanges: row.published_body !== row.draft,
  };
}

export type ContentDocumentSummary = ContentRef & {
  draftSavedAt: string;
  publishedVersion: number | null;
  isOnSite: boolean;
  hasUnpublishedChanges: boolean;
};

/** Every document of a kind (or of all kinds), for the editors' lists. */
export async function listDocuments(
  db: Kysely<Database>,
  kind?: ContentKind,
): Promise<ContentDocumentSummary[]> {
  let query = documentsWithPublishedBody(db)
    .select([
      "document.kind",
      "document.key",
      "document.draft",
      "document.draft_saved_at",
      "document.published_version",
      "version.body as published_body",
    ])
    .orderBy("document.kind")
    .orderBy("document.key", "desc");
  if (kind) query = query.where("document.kind", "=", kind);
  const rows = await query.execute();
  return rows.map((row) => ({
    kind: row.kind as ContentKind,
    key: row.key,
    draftSavedAt: row.draft_saved_at,
    publishedVersion: row.published_version,
    isOnSite: row.published_body !== null && row.published_body !== undefined,
    hasUnpublishedChanges: row.published_body !== row.draft,
  }));
}

/**
 * Saves a draft. `basedOn` is the draft revision the editor's form was opened at, or null to create a
 * new document (a new season, a new edition): the key then follows from the body.
 */
export async function saveDraft(
  db: Kysely<Database>,
  ref: { kind: ContentKind; key: string | null },
  body: unknown,
  options: { basedOn: number | null; actor: ContentActor },
): Promise<ContentOutcome<ContentDocument>> {
  const checked = checkDocument(ref.kind, body);
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const key = ref.key ?? checked.key;
  if (key !== checked.key) return { ok: false, reason: "key-changed" };
  const draft = JSON.stringify(checked.body);
  const now = new Date().toISOString();

  if (options.basedOn === null) {
    const inserted = await db
      .insertInto("content_document")
      .values({
        kind: ref.kind,
        key,
        draft,
        draft_revision: 1,
        draft_saved_at: now,
        draft_saved_by: options.actor.id,
        published_version: null,
      })
      .onConflict((conflict) => conflict.columns(["kind", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
      return { ok: false, reason: "exists" };
  } else {
    const updated = await db
      .updateTable("content_document")
      .set({
        draft,
        draft_revision: options.basedOn + 1,
        draft_saved_at: now,
        draft_saved_by: options.actor.id,
      })
      .where("kind", "=", ref.kind)
      .where("key", "=", key)
      .where("draft_revision", "=", options.basedOn)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return staleOrMissing(db, { kind: ref.kind, key });
  }
  const saved = await readDocument(db, { kind: ref.kind, key });
  if (!saved) return { ok: false, reason: "not-found" };
  return done(saved);
}

async function staleOrMissing(
  db: Kysely<Database>,
  ref: ContentRef,
): Promise<{ ok: false } & ContentRefusal> {
  const current = await readDocument(db, ref);
  return current ? { ok: false, reason: "stale", current } : { ok: false, reason: "not-found" };
}

/** Publishes the draft as the next version: what the editor saw at `basedOn` is what goes live. */
export async function publishDraft(
  db: Kysely<Database>,
  ref: ContentRef,
  options: { basedOn: number; actor: ContentActor },
): Promise<ContentOutcome<{ version: number; summary: string }>> {
  return staleOnRace(db, ref, () =>
    db.transaction().execute(async (trx) => {
      const document = await readDocument(trx, ref);
      if (!document) return { ok: false, reason: "not-found" } as const;
      if (document.draftRevision !== options.basedOn) {
        return { ok: false, reason: "stale", current: document } as const;
      }
      if (!document.hasUnpublishedChanges) return { ok: false, reason: "unchanged" } as const;
      // The draft passed its schema when saved; a schema tightened since must not let it through.
      const checked = checkDocument(ref.kind, document.draft);
      if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues } as const;
      const summary = summariseChanges(ref.kind, document.published, document.draft);
      const version = await addVersion(trx, document, {
        body: JSON.stringify(document.draft),
        summary,
        actor: options.actor,
        restoredFrom: null,
        // Only the version number moves: the draft stays as saved, so an open form stays current.
        draftRevision: document.draftRevision,
      });
      return done({ version, summary });
    }),
  );
}

/**
 * Makes an earlier version what visitors see, as a new version (the history keeps everything), and
 * the draft with it: editing goes on from what was restored.
 */
export async function restoreVersion(
  db: Kysely<Database>,
  ref: ContentRef,
  options: { version: number; actor: ContentActor },
): Promise<ContentOutcome<{ version: number }>> {
  // Version numbers come from addresses: one no row can have is never sent to the database.
  if (!Number.isSafeInteger(options.version) || options.version < 1) {
    return { ok: false, reason: "not-found" };
  }
  return staleOnRace(db, ref, () =>
    db.transaction().execute(async (trx) => {
      const document = await readDocument(trx, ref);
      if (!document) return { ok: false, reason: "not-found" } as const;
      const old = await trx
        .selectFrom("content_version")
        .select(["body"])
        .where("kind", "=", ref.kind)
        .where("key", "=", ref.key)
        .where("version", "=", options.version)
        .executeTakeFirst();
      if (!document || !old || old.body === null)
        return { ok: false, reason: "not-found" } as const;
      // Visitors and the draft already have this version's content (the same version, or a restore
      // of it just made by a double click or another tab): nothing to add.
      const isOnSite = JSON.stringify(document.published) === old.body;
      if (isOnSite && !document.hasUnpublishedChanges) {
        return { ok: false, reason: "unchanged" } as const;
      }
      const version = await addVersion(trx, document, {
        body: old.body,
        summary: `Restored version ${options.version}`,
        actor: options.actor,
        restoredFrom: options.version,
        draftRevision: document.draftRevision + 1,
      });
      return done({ version });
    }),
  );
}

/** Takes a season or an edition off the site (a version without a body); the draft is kept. */
export async function takeOffSite(
  db: Kysely<Database>,
  ref: ContentRef,
  options: { basedOn: number; actor: ContentActor },
): Promise<ContentOutcome<{ version: number }>> {
  return staleOnRace(db, ref, () =>
    db.transaction().execute(async (trx) => {
      const document = await readDocument(trx, ref);
      if (!document) return { ok: false, reason: "not-found" } as const;
      if (document.draftRevision !== options.basedOn) {
        return { ok: false, reason: "stale", current: document } as const;
      }
      if (document.published === null) return { ok: false, reason: "unchanged" } as const;
      const version = await addVersion(trx, document, {
        body: null,
        summary: "Taken off the site",
        actor: options.actor,
        restoredFrom: null,
        draftRevision: document.draftRevision,
      });
      return done({ version });
    }),
  );
}

/** Thrown inside a publish whose document another publish moved on after this one read it. */
class DocumentMovedError extends Error {
  constructor() {
    super("content document moved while publishing");
    this.name = "DocumentMovedError";
  }
}

/**
 * Two publishes of one document at the same moment both read version n; the claim on the document
 * row (`addVersion`) lets one through and stops the other, whose transaction rolls back and which is
 * then told, like any stale form, that the document moved.
 */
async function staleOnRace<Value>(
  db: Kysely<Database>,
  ref: ContentRef,
  write: () => Promise<ContentOutcome<Value>>,
): Promise<ContentOutcome<Value>> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof DocumentMovedError)) throw error;
    const current = await readDocument(db, ref);
    return current ? { ok: false, reason: "stale", current } : { ok: false, reason: "not-found" };
  }
}

async function addVersion(
  trx: Transaction<Database>,
  document: ContentDocument,
  version: {
    body: string | null;
    summary: string;
    actor: ContentActor;
    restoredFrom: number | null;
    draftRevision: number;
  },
): Promise<number> {
  const latest = await trx
    .selectFrom("content_version")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("kind", "=", document.kind)
    .where("key", "=", document.key)
    .executeTakeFirst();
  const next = Number(latest?.version ?? 0) + 1;
  const now = new Date().toISOString();
  // Claim the document first, on the version this transaction read: a second publish racing this
  // one waits for the row (PostgreSQL) or the database (SQLite), then finds it moved and stops.
  const claimed = await trx
    .updateTable("content_document")
    .set({
      published_version: next,
      ...(version.body !== null && version.draftRevision !== document.draftRevision
        ? {
            draft: version.body,
            draft_revision: version.draftRevision,
            draft_saved_at: now,
            draft_saved_by: version.actor.id,
          }
        : {}),
    })
    .where("kind", "=", document.kind)
    .where("key", "=", document.key)
    .where((eb) =>
      document.publishedVersion === null
        ? eb("published_version", "is", null)
        : eb("published_version", "=", document.publishedVersion),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new DocumentMovedError();
  await trx
    .insertInto("content_version")
    .values({
      kind: document.kind,
      key: document.key,
      version: next,
      body: version.body,
      summary: version.summary,
      published_at: now,
      published_by: version.actor.id,
      restored_from: version.restoredFrom,
    })
    .execute();
  await markPublicPagesChanged(trx);
  return next;
}
