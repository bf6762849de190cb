import type { Kysely } from "kysely";
import { readAppSetting, writeAppSetting } from "~/lib/app-settings.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { formatConferenceDeadline } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { markPublicPagesChanged } from "~/lib/public-pages.server";

export type CallForAbstracts = { isOpen: boolean; closesAt: string | null };

const settingKey = "call-for-abstracts";

/**
 * Whether the current edition takes abstracts: an admin setting (the admin area sets it), open with no
 * closing time until someone changes it, so a fresh clone can try the whole flow.
 */
export async function readCallForAbstracts(db: Kysely<Database>): Promise<CallForAbstracts> {
  const value = await readAppSetting(db, settingKey);
  if (value === null) return { isOpen: true, closesAt: null };
  try {
    const parsed = JSON.parse(value) as Partial<CallForAbstracts>;
    return {
      isOpen: parsed.isOpen !== false,
      closesAt: typeof parsed.closesAt === "string" ? parsed.closesAt : null,
    };
  } catch {
    return { isOpen: true, closesAt: null };
  }
}

export function isAcceptingAbstracts(call: CallForAbstracts, now: Date = new Date()): boolean {
  return call.isOpen && (call.closesAt === null || now < new Date(call.closesAt));
}

/**
 * The one abstract deadline every page shows (the call box, the edition's details, the submit page):
 * the closing time the admins set, else the deadline the edition's content gives. Closing the call by
 * hand clears the closing time, so a closed call shows the content's deadline again.
 */
export function effectiveDeadline(call: CallForAbstracts, contentDeadline: string): string {
  return call.closesAt ? formatConferenceDeadline(call.closesAt) : contentDeadline;
}

/** Opens or closes the call (optionally with a closing time), and records who did it. */
export async function setCallForAbstracts(
  db: Kysely<Database>,
  call: CallForAbstracts,
  actor: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeAppSetting(trx, settingKey, JSON.stringify(call));
    // The current edition's page shows the call: cached copies are stale from this commit on.
    await markPublicPagesChanged(trx);
    await recordAdminAction(trx, {
      action: call.isOpen ? "open-call" : "close-call",
      actor,
      details: call.isOpen && call.closesAt ? `closes ${call.closesAt}` : null,
    });
  });
}
