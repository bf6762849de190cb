import type { Kysely } from "kysely";
import type { BoardSeason } from "~/content/board/types";
import { getSiteContent, setSiteContent } from "~/content/current-content";
import type { EventsContent } from "~/content/events";
import type { HomeContent } from "~/content/home";
import type { NacloContent } from "~/content/naclo";
import type { EditionContent } from "~/content/sculc/edition-types";
import { shippedContent } from "~/content/shipped-content";
import type { SiteSettings } from "~/content/site";
import { orderSiteContent, type SiteContent } from "~/content/site-content";
import type { Database } from "~/lib/db/schema";
import { createPublicPagesRevisionSource } from "~/lib/public-pages.server";

type StoredDocument = { kind: string; key: string; body: string | null };

/**
 * Builds the snapshot the pages read from one row per document. A kind with no document on the site
 * keeps what the site shipped with (only possible for a database emptied by hand), so a page never
 * renders without its words.
 */
export function assembleSiteContent(revision: string, rows: StoredDocument[]): SiteContent {
  const single = <T>(kind: string, fallback: T): T => {
    const row = rows.find((candidate) => candidate.kind === kind && candidate.body !== null);
    return row?.body ? (JSON.parse(row.body) as T) : fallback;
  };
  const many = <T>(kind: string): T[] =>
    rows
      .filter((row) => row.kind === kind && row.body !== null)
      .map((row) => JSON.parse(row.body as string) as T);
  const editions = many<Omit<EditionContent, "isCurrent">>("edition").map((edition) => ({
    ...edition,
    isCurrent: false,
  }));
  return orderSiteContent({
    revision,
    settings: single<SiteSettings>("settings", shippedContent.settings),
    home: single<HomeContent>("home", shippedContent.home),
    naclo: single<NacloContent>("naclo", shippedContent.naclo),
    events: single<EventsContent>("events", shippedContent.events),
    boardSeasons: many<BoardSeason>("board-season"),
    editions: editions.length ? editions : shippedContent.editions,
  });
}

/** The latest published version of every document. */
export async function readPublishedContent(
  db: Kysely<Database>,
  revision: string,
): Promise<SiteContent> {
  const rows = await db
    .selectFrom("content_document as document")
    .innerJoin("content_version as version", (join) =>
      join
        .onRef("version.kind", "=", "document.kind")
        .onRef("version.key", "=", "document.key")
        .onRef("version.version", "=", "document.published_version"),
    )
    .select(["document.kind", "document.key", "version.body"])
    .execute();
  return assembleSiteContent(revision, rows);
}

/**
 * Every draft, for an editor's preview: the site as it will look once everything is published.
 * Documents never published appear too (a new edition's pages can be previewed before they exist).
 */
export async function readDraftContent(db: Kysely<Database>): Promise<SiteContent> {
  const rows = await db
    .selectFrom("content_document")
    .select(["kind", "key", "draft as body"])
    .execute();
  return assembleSiteContent("draft", rows);
}

/**
 * Keeps the process's content (app/content/current-content.ts) at the database's published state:
 * `refresh()` reads the public-pages revision (one read answers every request waiting for it) and
 * reloads the documents only when it moved since the last load. The server calls it for every request
 * before the pages run; one load per revision is shared by every request that needs it.
 */
export function createPublishedContentSource(db: Kysely<Database>) {
  const readRevision = createPublicPagesRevisionSource(db);
  let loading: { revision: string; content: Promise<SiteContent> } | null = null;
  return {
    async refresh(): Promise<SiteContent> {
      const revision = await readRevision();
      const current = getSiteContent();
      if (current.revision === revision) return current;
      if (loading?.revision !== revision) {
        const content = readPublishedContent(db, revision).then((loaded) => {
          // A slower load of an older revision must not replace a newer one.
          if (loading?.revision === revision) setSiteContent(loaded);
          return loaded;
        });
        loading = { revision, content };
        content.catch(() => {
          if (loading?.revision === revision) loading = null;
        });
      }
      return loading.content;
    },
  };
}
