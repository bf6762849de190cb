import { boardSeasonSchema } from "~/content/board/board.schema";
import { editionSchema } from "~/content/editions.schema";
import type { ContentKind } from "~/content/site-content";
import { singleDocumentKey } from "~/content/site-content";
import {
  eventsSchema,
  homeSchema,
  nacloSchema,
  siteSettingsSchema,
} from "~/content/site-content.schema";
import { z } from "~/lib/zod.server";

/**
 * What each kind of content document is: the schema every save must pass, and how a document's key
 * follows from its body (a season's "2025-2026", an edition's year). Documents of a single kind use
 * one fixed key.
 */
type KindRules = {
  schema: z.ZodType;
  /** The key a body is stored under; undefined for kinds with a single document. */
  keyOf?: (body: never) => string;
};

// An edition's "current" flag is not stored: the newest published edition is current.
const editionDocumentSchema = z
  .preprocess(
    (body) => (body && typeof body === "object" ? { ...body, isCurrent: false } : body),
    editionSchema,
  )
  .transform(({ isCurrent: _derived, ...edition }) => edition);

export const contentKinds: Record<ContentKind, KindRules> = {
  settings: { schema: siteSettingsSchema },
  home: { schema: homeSchema },
  naclo: { schema: nacloSchema },
  events: { schema: eventsSchema },
  "board-season": {
    schema: boardSeasonSchema,
    keyOf: (body: { id: string }) => body.id,
  },
  edition: {
    schema: editionDocumentSchema,
    keyOf: (body: { year: number }) => String(body.year),
  },
};

export function isContentKind(value: string): value is ContentKind {
  return Object.hasOwn(contentKinds, value);
}

export type FieldIssue = {
  /** The field's path as the form names it: "members.2.name", "" for the whole document. */
  path: string;
  message: string;
};

/** A body checked against its kind's rules, with the key it belongs under, or every problem found. */
export function checkDocument(
  kind: ContentKind,
  body: unknown,
): { ok: true; body: unknown; key: string } | { ok: false; issues: FieldIssue[] } {
  const rules = contentKinds[kind];
  const parsed = rules.schema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      })),
    };
  }
  const key = rules.keyOf ? rules.keyOf(parsed.data as never) : singleDocumentKey;
  return { ok: true, body: parsed.data, key };
}
