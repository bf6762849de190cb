import type { ContentKind } from "~/content/site-content";
import { siteContentPath } from "~/lib/admin-paths";

/**
 * How the editors' screens name content documents and where each one is edited. Kept free of server
 * code: the pages import it as well as the loaders.
 */

/** The content list's groups, in the order the list shows them. */
// What a yearly board changes first comes first: the new board, then the conference.
export const contentGroups: { kind: ContentKind; title: string }[] = [
  { kind: "board-season", title: "Board seasons" },
  { kind: "edition", title: "Conference editions" },
  { kind: "home", title: "Home page" },
  { kind: "events", title: "Events" },
  { kind: "naclo", title: "NACLO" },
  { kind: "settings", title: "Footer and social links" },
];

/** A document as a person names it: "2025–2026 board", "SCULC 2025", "Home page". */
export function documentTitle(kind: ContentKind, key: string): string {
  if (kind === "board-season") return `${key.replace("-", "–")} board`;
  if (kind === "edition") return `SCULC ${key}`;
  return contentGroups.find((group) => group.kind === kind)?.title ?? key;
}

export type PublishState = "published" | "unpublished-changes" | "never-published" | "off-site";

export const publishStateWords: Record<PublishState, string> = {
  published: "Published",
  "unpublished-changes": "Unpublished changes",
  "never-published": "Never published",
  "off-site": "Off the site",
};

/** What visitors see of a document compared with its draft, as one of four states. */
export function publishState(document: {
  publishedVersion: number | null;
  isOnSite: boolean;
  hasUnpublishedChanges: boolean;
}): PublishState {
  if (document.publishedVersion === null) return "never-published";
  if (!document.isOnSite) return "off-site";
  return document.hasUnpublishedChanges ? "unpublished-changes" : "published";
}

export const contentAreaPath = siteContentPath;
export const newSeasonPath = `${contentAreaPath}/board/new`;
export const boardPreviewPath = `${contentAreaPath}/preview/board`;

/**
 * The document's form. The board seasons' form is in this folder; the home, footer, NACLO and events
 * forms (page-forms) and the editions' forms are built beside it, at these addresses.
 */
export function editPath(kind: ContentKind, key: string): string {
  const encoded = encodeURIComponent(key);
  switch (kind) {
    case "board-season":
      return `${contentAreaPath}/board/${encoded}`;
    case "edition":
      return `${contentAreaPath}/editions/${encoded}`;
    case "settings":
      return `${contentAreaPath}/footer`;
    default:
      return `${contentAreaPath}/${kind}`;
  }
}

export const newEditionPath = `${contentAreaPath}/editions/new`;

export function historyPath(kind: ContentKind, key: string): string {
  return `${contentAreaPath}/${kind}/${encodeURIComponent(key)}/history`;
}

export function versionPath(kind: ContentKind, key: string, version: number): string {
  return `${historyPath(kind, key)}/${version}`;
}
