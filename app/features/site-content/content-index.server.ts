import type { Kysely } from "kysely";
import type { ContentKind } from "~/content/site-content";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import {
  contentGroups,
  documentTitle,
  editPath,
  historyPath,
  publishState,
  publishStateWords,
} from "./content-labels";
import { listDocuments } from "./content-store.server";

export type ContentIndexRow = {
  key: string;
  title: string;
  stateText: string;
  savedAtText: string;
  editHref: string;
  historyHref: string;
};

export type ContentIndexGroup = { kind: ContentKind; title: string; rows: ContentIndexRow[] };

/** Every document, grouped by kind in the list's order, with its state in words. */
export async function readContentIndex(db: Kysely<Database>): Promise<ContentIndexGroup[]> {
  const documents = await listDocuments(db);
  return contentGroups.map(({ kind, title }) => ({
    kind,
    title,
    rows: documents
      .filter((document) => document.kind === kind)
      .map((document) => ({
        key: document.key,
        title: documentTitle(kind, document.key),
        stateText: publishStateWords[publishState(document)],
        savedAtText: formatConferenceDateTime(document.draftSavedAt),
        editHref: editPath(kind, document.key),
        historyHref: historyPath(kind, document.key),
      })),
  }));
}
