import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { loadMailTemplates } from "~/features/mail-templates/mail-template-store.server";
import type { MailTemplateValues } from "~/features/mail-templates/mail-templates";
import type { MailRecipient } from "~/features/submissions/abstract-recipients.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { formatLongDate } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { done } from "~/lib/outcome";
import { type AffectedPresentation, diffPlacements } from "./program-changes";
import {
  type ProgramOutcome,
  presentationsWord,
  programMessages,
  refuseProgram,
} from "./program-messages";
import { listPresenterRecipients } from "./program-publish.server";
import { parseSnapshot } from "./program-snapshot";
import { formatPlacement } from "./program-times";

/**
 * Telling presenters where and when they present. Presenters know the program as it was when they were
 * last told, so a pending notice compares the latest version with the newest earlier version that was
 * notified (or dismissed). When none was, presenters have been told nothing yet (the first publish, or
 * every version so far left unsettled): `comparedWith` is null and every placed presentation is "added",
 * so the first notice gives each presenter their slot. The admin chooses whether to send it.
 */
export type PendingNotice = {
  version: number;
  /** The version presenters were last told of; null when they have been told of none. */
  comparedWith: number | null;
  affected: AffectedPresentation[];
  /** The conference day of the latest version (YYYY-MM-DD), for the mail's dates. */
  date: string;
};

type NoticeRow = {
  version: number;
  snapshot: string;
  presenters_notified_at: string | null;
};

/** The latest version's notice still to send or dismiss; null when there is none. */
export async function readPendingNotice(
  db: Kysely<Database>,
  editionYear: number,
): Promise<PendingNotice | null> {
  const rows: NoticeRow[] = await db
    .selectFrom("program_version")
    .select(["version", "snapshot", "presenters_notified_at"])
    .where("edition_year", "=", editionYear)
    .orderBy("version", "desc")
    .execute();
  const [latest, ...earlier] = rows;
  if (!latest || latest.presenters_notified_at) return null;
  const base = earlier.find((row) => row.presenters_notified_at) ?? null;
  const program = parseSnapshot(latest.snapshot);
  const changes = diffPlacements(base ? parseSnapshot(base.snapshot) : null, program);
  if (!changes.length) return null;
  const recipients = await listPresenterRecipients(
    db,
    changes.map((change) => change.submissionId),
  );
  return {
    version: Number(latest.version),
    comparedWith: base ? Number(base.version) : null,
    date: program.date,
    affected: changes.map((change) => ({
      ...change,
      recipients: recipients.get(change.submissionId) ?? [],
    })),
  };
}

export type SettledNotice = { message: string; mailed: number };

/**
 * Mails the presenters of the latest version's pending notice (`send: true`), or records that the
 * admin chose not to (`send: false`). `version` is the version the admin saw: a newer publish in
 * between is a 409, so nobody is told of a program they were not shown. The version is claimed with a
 * conditional update before any mail goes out, so a double click or two admins mail each address once.
 * A failed mail is logged and the rest still go: the program stands whatever the mail does.
 */
export async function settlePendingNotice(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: {
    editionYear: number;
    version: number;
    send: boolean;
    programUrl: string;
    actor: AuditActor;
    now?: Date;
  },
): Promise<ProgramOutcome<SettledNotice>> {
  const now = input.now ?? new Date();
  const notice = await readPendingNotice(deps.db, input.editionYear);
  if (!notice || notice.version !== input.version)
    return notice
      ? refuseProgram({ reason: "notice-newer", version: notice.version })
      : refuseProgram({ reason: "notice-settled" });
  const addresses = input.send ? noticeAddresses(notice).length : 0;
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("program_version")
      .set({
        presenters_notified_at: now.toISOString(),
        presenters_notified_by: input.actor.label,
        presenters_mailed: addresses,
      })
      .where("edition_year", "=", input.editionYear)
      .where("version", "=", notice.version)
      .where("presenters_notified_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    // Read in the claim's transaction: the messages use the templates as saved at this moment.
    const messages = input.send ? await noticeMessages(trx, notice, input) : [];
    await recordAdminAction(trx, {
      action: input.send ? "mail-program-changes" : "skip-program-changes-mail",
      actor: input.actor,
      details: `${input.editionYear}: version ${notice.version} (${notice.comparedWith === null ? "first notice" : `since version ${notice.comparedWith}`}), ${notice.affected.length} ${presentationsWord(notice.affected.length)}${input.send ? `, ${messages.length} ${messages.length === 1 ? "address" : "addresses"} mailed` : ", not mailed"}`,
    });
    await deps.mailer.queue(
      trx,
      messages,
      `Program version ${notice.version} mailed by ${input.actor.label}`,
    );
    return true;
  });
  if (!claimed) return refuseProgram({ reason: "notice-settled" });
  if (addresses) deps.mailer.wake();
  if (!input.send)
    return done({ mailed: 0, message: programMessages.noticeClosed(notice.version) });
  return done({
    mailed: addresses,
    message:
      notice.comparedWith === null
        ? programMessages.presentersToldSlots(addresses)
        : programMessages.presentersMailed(addresses),
  });
}

/** "Saturday, May 17, 2025, 9:00 AM-9:20 AM, Morning talks, Hall A": a place with its day. */
function placementWithDay(date: string, placement: AffectedPresentation["after"][number]): string {
  return `${formatLongDate(date)}, ${formatPlacement(placement)}`;
}

function describeChange(change: AffectedPresentation, date: string): string {
  const title = `“${change.title}”`;
  const at = (placements: AffectedPresentation["after"]) =>
    placements.map((placement) => placementWithDay(date, placement)).join("; ");
  if (change.change === "removed")
    return `${title} is no longer in the program (it was at ${at(change.before)}). The committee will write to you if it has not already.`;
  if (change.change === "added") return `${title} is now in the program: ${at(change.after)}.`;
  return `${title} has moved: it is now at ${at(change.after)} (it was at ${at(change.before)}).`;
}

/** Each address once, with all of its presentations that changed (or, first, were placed). */
export function noticeAddresses(
  notice: Pick<PendingNotice, "affected">,
): { recipient: MailRecipient; changes: AffectedPresentation[] }[] {
  const byAddress = new Map<
    string,
    { recipient: MailRecipient; changes: AffectedPresentation[] }
  >();
  for (const change of notice.affected)
    for (const recipient of change.recipients) {
      const key = recipient.email.toLowerCase();
      const entry = byAddress.get(key) ?? { recipient, changes: [] };
      entry.changes.push(change);
      byAddress.set(key, entry);
    }
  return [...byAddress.values()];
}

export type NoticeTemplateKey = "program-first-notice" | "program-change";

export function noticeTemplateKey(notice: Pick<PendingNotice, "comparedWith">): NoticeTemplateKey {
  return notice.comparedWith === null ? "program-first-notice" : "program-change";
}

/** What one presenter's notice is filled with: each of their presentations' new place and time. */
export function noticeValues(
  recipient: MailRecipient,
  changes: readonly AffectedPresentation[],
  input: { editionYear: number; programUrl: string; date: string },
): MailTemplateValues<"program-first-notice"> & MailTemplateValues<"program-change"> {
  const described = changes.map((change) => describeChange(change, input.date)).join("\n\n");
  return {
    name: recipient.name || "presenter",
    conference: editionName(input.editionYear),
    presentations: described,
    changes: described,
    program_link: input.programUrl,
  };
}

/** One message per address, about all of its presentations that changed (or, first, were placed). */
export async function noticeMessages(
  db: Kysely<Database>,
  notice: PendingNotice,
  input: { editionYear: number; programUrl: string },
): Promise<MailMessage[]> {
  const templates = await loadMailTemplates(db);
  const key = noticeTemplateKey(notice);
  return noticeAddresses(notice).map(({ recipient, changes }) => ({
    to: recipient.email,
    ...templates.render(key, noticeValues(recipient, changes, { ...input, date: notice.date })),
    kind: "program-change" as const,
  }));
}
