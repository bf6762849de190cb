import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { Database, ReviewSettingsTable } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import { type ReviewOutcome, refuseNaming, type SaveSettingsRefusal } from "./review-messages";
import {
  defaultReviewSettings,
  type OthersVisibility,
  type ReviewSettings,
  type ScalePoint,
} from "./review-settings";

export const maxScalePoints = 10;

const scaleSchema = z
  .array(
    z.object({
      value: z.number().int().min(-100).max(100),
      label: z.string().trim().min(1, "Every point of a scale needs a label.").max(60),
    }),
  )
  .min(2, "A scale needs at least two points.")
  .max(maxScalePoints, `A scale has at most ${maxScalePoints} points.`)
  .refine(
    (points) =>
      points.every((point, index) => index === 0 || point.value > (points[index - 1]?.value ?? 0)),
    "A scale's values must rise from the first point to the last, without repeats.",
  );

/** What an admin may save; `closesAt` is a UTC moment (the admin form converts from Pacific time). */
export const reviewSettingsInputSchema = z.object({
  isOpen: z.boolean(),
  closesAt: z.iso.datetime().nullable(),
  othersVisibility: z.enum(["never", "after-submitting"]),
  canSelfAssign: z.boolean(),
  meritScale: scaleSchema,
  confidenceScale: scaleSchema,
});

export type ReviewSettingsInput = z.infer<typeof reviewSettingsInputSchema>;

// On every /review: built and compiled once (preparedQuery).
const readSettingsRows = preparedQuery((db, { editionYear }: { editionYear: number }) =>
  db.selectFrom("review_settings").selectAll().where("edition_year", "=", editionYear),
);

/** The edition's review settings, or the defaults when none are stored (or the stored ones are unreadable). */
export async function getReviewSettings(
  db: Kysely<Database>,
  editionYear: number,
): Promise<ReviewSettings> {
  const [row] = await readSettingsRows(db, { editionYear });
  return row ? fromRow(row) : defaultReviewSettings;
}

function fromRow(row: ReviewSettingsTable): ReviewSettings {
  return {
    isOpen: Boolean(row.is_open),
    closesAt: row.closes_at,
    othersVisibility: row.others_visibility === "never" ? "never" : "after-submitting",
    canSelfAssign: Boolean(row.can_self_assign),
    meritScale: parseScale(row.merit_scale) ?? defaultReviewSettings.meritScale,
    confidenceScale: parseScale(row.confidence_scale) ?? defaultReviewSettings.confidenceScale,
    isStored: true,
  };
}

function parseScale(json: string): ScalePoint[] | null {
  try {
    const parsed = scaleSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type SaveSettingsOutcome = ReviewOutcome<undefined, SaveSettingsRefusal>;

/** Validates and stores an edition's settings, and records who changed them, in one transaction. */
export async function saveReviewSettings(
  db: Kysely<Database>,
  editionYear: number,
  input: unknown,
  actor: AuditActor,
): Promise<SaveSettingsOutcome> {
  const parsed = reviewSettingsInputSchema.safeParse(input);
  if (!parsed.success) {
    return refuseNaming("invalid", {
      problem: parsed.error.issues[0]?.message ?? "Invalid review settings.",
    });
  }
  const settings = parsed.data;
  const now = new Date().toISOString();
  const values = {
    // 1/0 rather than true/false: better-sqlite3 binds no booleans, and PostgreSQL reads "1" and "0" as
    // boolean input.
    is_open: settings.isOpen ? 1 : 0,
    closes_at: settings.closesAt ? new Date(settings.closesAt).toISOString() : null,
    others_visibility: settings.othersVisibility satisfies OthersVisibility,
    can_self_assign: settings.canSelfAssign ? 1 : 0,
    merit_scale: JSON.stringify(settings.meritScale),
    confidence_scale: JSON.stringify(settings.confidenceScale),
    updated_at: now,
    updated_by: actor.userId,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("review_settings")
      .values({ edition_year: editionYear, ...values })
      .onConflict((conflict) => conflict.column("edition_year").doUpdateSet(values))
      .execute();
    await recordAdminAction(trx, {
      action: "update-review-settings",
      actor,
      details: describeSettings(editionYear, settings),
    });
  });
  return done();
}

function describeSettings(editionYear: number, settings: ReviewSettingsInput): string {
  const period = settings.isOpen
    ? settings.closesAt
      ? `open until ${settings.closesAt}`
      : "open"
    : "closed";
  const scale = (points: ScalePoint[]) => `${points[0]?.value}-${points.at(-1)?.value}`;
  return `${editionYear}: ${period}; others' reviews ${settings.othersVisibility}; self-assignment ${
    settings.canSelfAssign ? "allowed" : "off"
  }; merit ${scale(settings.meritScale)}; confidence ${scale(settings.confidenceScale)}`;
}
