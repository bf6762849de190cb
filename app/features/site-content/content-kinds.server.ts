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
  /** What a key of this kind looks like (a single document's is always `main`). */
  keyPattern: RegExp;
};

// An edition's "current" flag is not stored: the newest published edition is current.
const editionDocumentSchema = z
  .preprocess(
    (body) => (body && typeof body === "object" ? { ...body, isCurrent: false } : body),
    editionSchema,
  )
  .transform(({ isCurrent: _derived, ...edition }) => edition);

const singleKeyPattern = new RegExp(`^${singleDocumentKey}$`);

export const contentKinds: Record<ContentKind, KindRules> = {
  settings: { schema: siteSettingsSchema, keyPattern: singleKeyPattern },
  home: { schema: homeSchema, keyPattern: singleKeyPattern },
  naclo: { schema: nacloSchema, keyPattern: singleKeyPattern },
  events: { schema: eventsSchema, keyPattern: singleKeyPattern },
  "board-season": {
    schema: boardSeasonSchema,
    keyOf: (body: { id: string }) => body.id,
    keyPattern: /^\d{4}-\d{4}$/,
  },
  edition: {
    schema: editionDocumentSchema,
    keyOf: (body: { year: number }) => String(body.year),
    keyPattern: /^\d{4}$/,
  },
};

export function isContentKind(value: string): value is ContentKind {
  return Object.hasOwn(contentKinds, value);
}

/**
 * Whether a document could be stored under this kind and key. Keys come from addresses: one that no
 * document can have (a NUL byte, which PostgreSQL refuses in a query, or 3,000 digits) is not looked up.
 */
export function isPossibleContentKey(ref: { kind: string; key: string }): boolean {
  return isContentKind(ref.kind) && contentKinds[ref.kind].keyPattern.test(ref.key);
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
