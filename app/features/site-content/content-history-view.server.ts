import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { ContentKind } from "~/content/site-content";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { type ContentVersionEntry, listVersions, readVersion } from "./content-history.server";
import { isContentKind } from "./content-kinds.server";
import { documentTitle, editPath, historyPath, versionPath } from "./content-labels";
import { type ContentActor, readDocument, restoreVersion } from "./content-store.server";

export type VersionRow = {
  version: number;
  summary: string;
  whenText: string;
  who: string;
  /** The version visitors see now. */
  isLive: boolean;
  href: string;
};

export type HistoryView = {
  title: string;
  editHref: string;
  historyHref: string;
  rows: VersionRow[];
};

/** A version's body as the page shows it: a season's members, or any other document's fields. */
export type VersionBody =
  | { kind: "members"; members: { name: string; position: string }[] }
  | { kind: "text"; text: string }
  | { kind: "removed" };

export type VersionView = HistoryView & { row: VersionRow; body: VersionBody; canRestore: boolean };

type Ref = { kind: ContentKind; key: string };

/** The document a URL names, or null when its kind or key does not exist. */
export function contentRefFrom(params: { kind?: string; key?: string }): Ref | null {
  if (!params.kind || !params.key || !isContentKind(params.kind)) return null;
  return { kind: params.kind, key: params.key };
}

function rowOf(ref: Ref, entry: ContentVersionEntry, liveVersion: number | null): VersionRow {
  return {
    version: entry.version,
    summary: entry.summary,
    whenText: formatConferenceDateTime(entry.publishedAt),
    // The first version of every document came with the site, published by nobody.
    who: entry.publishedBy ?? "the site's original content",
    isLive: entry.version === liveVersion && !entry.isRemoval,
    href: versionPath(ref.kind, ref.key, entry.version),
  };
}

/** Every published version of a document, newest first, or null when there is no such document. */
export async function loadHistory(db: Kysely<Database>, ref: Ref): Promise<HistoryView | null> {
  const document = await readDocument(db, ref);
  if (!document) return null;
  const entries = await listVersions(db, ref);
  return {
    title: documentTitle(ref.kind, ref.key),
    editHref: editPath(ref.kind, ref.key),
    historyHref: historyPath(ref.kind, ref.key),
    rows: entries.map((entry) => rowOf(ref, entry, document.publishedVersion)),
  };
}

function bodyView(kind: ContentKind, body: unknown): VersionBody {
  if (body === null || body === undefined) return { kind: "removed" };
  if (kind === "board-season" && typeof body === "object" && "members" in body) {
    const members = Array.isArray(body.members) ? body.members : [];
    return {
      kind: "members",
      members: members.map((member: { name?: unknown; position?: unknown }) => ({
        name: String(member.name ?? ""),
        position: String(member.position ?? ""),
      })),
    };
  }
  return { kind: "text", text: JSON.stringify(body, null, 2) };
}

export async function loadVersion(
  db: Kysely<Database>,
  ref: Ref,
  version: number,
): Promise<VersionView | null> {
  const history = await loadHistory(db, ref);
  const read = Number.isInteger(version) ? await readVersion(db, ref, version) : null;
  const row = history?.rows.find((candidate) => candidate.version === version);
  if (!history || !read?.ok || !row) return null;
  const body = bodyView(ref.kind, read.value.body);
  return { ...history, row, body, canRestore: body.kind !== "removed" && !row.isLive };
}

/** The notice the history page shows after a restore, from its query string. */
export function historyNotice(url: URL): string | null {
  const restored = url.searchParams.get("restored");
  const as = url.searchParams.get("as");
  if (!restored || !as) return null;
  return `Version ${restored} was restored successfully as version ${as}: visitors see it now, and the draft starts from it.`;
}

/** Makes an earlier version live again (as a new version), then shows the history. */
export async function restoreAction(
  db: Kysely<Database>,
  actor: ContentActor,
  ref: Ref,
  version: number,
) {
  const outcome = await restoreVersion(db, ref, { version, actor });
  if (outcome.ok) {
    throw redirect(
      `${historyPath(ref.kind, ref.key)}?restored=${version}&as=${outcome.value.version}`,
    );
  }
  if (outcome.reason === "unchanged" || outcome.reason === "stale") {
    const message =
      outcome.reason === "unchanged"
        ? `Visitors already see version ${version}, and the draft is the same: there is nothing to restore.`
        : "Someone published or restored this page at the same moment. Look at the history again, then restore the version you want.";
    return data({ message }, { status: 409 });
  }
  const message =
    "That version does not exist, or it only took the page off the site: pick another one.";
  return data({ message }, { status: 404 });
}
