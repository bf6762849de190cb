import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { FieldIssue } from "./content-kinds.server";
import { type ContentActor, saveDraft } from "./content-store.server";
import { draftNextEdition, type EditionDocument } from "./edition-next";

export type StartEditionOutcome =
  | { ok: true; year: number }
  | { ok: false; reason: "exists"; year: number }
  | { ok: false; reason: "invalid"; year: number; issues: FieldIssue[] };

/**
 * Drafts next year's edition from the current one (see edition-next.ts). It is a new document, so it
 * is saved with no revision to build on: when someone already started that year, the store refuses and
 * nothing is overwritten. Visitors see nothing until the draft is published.
 */
export async function startNextEdition(
  db: Kysely<Database>,
  current: EditionDocument,
  actor: ContentActor,
): Promise<StartEditionOutcome> {
  const next = draftNextEdition(current);
  const saved = await saveDraft(db, { kind: "edition", key: null }, next, {
    basedOn: null,
    actor,
  });
  if (saved.ok) return { ok: true, year: next.year };
  if (saved.reason === "invalid") {
    return { ok: false, reason: "invalid", year: next.year, issues: saved.issues };
  }
  return { ok: false, reason: "exists", year: next.year };
}
