import { type Kysely, sql } from "kysely";
import { shippedContent } from "~/content/shipped-content";
import { singleDocumentKey } from "~/content/site-content";

/**
 * The site's content as versioned documents (docs/decisions/0022-content-store.md): one row per
 * document holding the editors' draft, and one row per published version, never changed or deleted.
 * The content the site shipped with becomes version 1 of each document, so a fresh database shows
 * exactly what the files did; from here on the files are not read again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_document")
    .addColumn("kind", "varchar(32)", (col) => col.notNull())
    .addColumn("key", "varchar(64)", (col) => col.notNull())
    .addColumn("draft", "text", (col) => col.notNull())
    // Bumped by every save: a save names the revision its form was opened at, so a second editor's
    // save over a change they have not seen is refused instead of silently undoing it.
    .addColumn("draft_revision", "integer", (col) => col.notNull())
    .addColumn("draft_saved_at", "varchar(32)", (col) => col.notNull())
    .addColumn("draft_saved_by", "varchar(64)")
    .addColumn("published_version", "integer")
    .addPrimaryKeyConstraint("content_document_pk", ["kind", "key"])
    .execute();
  await db.schema
    .createTable("content_version")
    .addColumn("kind", "varchar(32)", (col) => col.notNull())
    .addColumn("key", "varchar(64)", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    // Null: this version took the document off the site (a removed board season, say).
    .addColumn("body", "text")
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("published_at", "varchar(32)", (col) => col.notNull())
    // Null for the import of the shipped content.
    .addColumn("published_by", "varchar(64)")
    .addColumn("restored_from", "integer")
    .addPrimaryKeyConstraint("content_version_pk", ["kind", "key", "version"])
    .execute();

  const now = new Date().toISOString();
  const documents = [
    { kind: "settings", key: singleDocumentKey, body: shippedContent.settings },
    { kind: "home", key: singleDocumentKey, body: shippedContent.home },
    { kind: "naclo", key: singleDocumentKey, body: shippedContent.naclo },
    { kind: "events", key: singleDocumentKey, body: shippedContent.events },
    ...shippedContent.boardSeasons.map((season) => ({
      kind: "board-season",
      key: season.id,
      body: season,
    })),
    ...shippedContent.editions.map(({ isCurrent: _derived, ...edition }) => ({
      kind: "edition",
      key: String(edition.year),
      body: edition,
    })),
  ];
  for (const document of documents) {
    const body = JSON.stringify(document.body);
    await sql`insert into content_document (kind, key, draft, draft_revision, draft_saved_at, draft_saved_by, published_version)
      values (${document.kind}, ${document.key}, ${body}, 1, ${now}, null, 1)`.execute(db);
    await sql`insert into content_version (kind, key, version, body, summary, published_at, published_by, restored_from)
      values (${document.kind}, ${document.key}, 1, ${body}, ${"The content the site shipped with"}, ${now}, null, null)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_version").execute();
  await db.schema.dropTable("content_document").execute();
}
