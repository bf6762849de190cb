import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import type { MailRecipient } from "~/features/submissions/abstract-recipients.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
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
 * Telling presenters that a newly published version moved them. Presenters know the program as it was
 * when they were last told, so a pending notice compares the latest version with the newest earlier
 * version that was notified (or dismissed), else with the first published version, which presenters
 * read on the site. A first version needs no notice: nothing changed under anyone.
 */
export type PendingNotice = {
  version: number;
  comparedWith: number;
  affected: AffectedPresentation[];
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
  if (!latest || latest.presenters_notified_at || !earlier.length) return null;
  const base = earlier.find((row) => row.presenters_notified_at) ?? earlier[earlier.length - 1];
  if (!base) return null;
  const changes = diffPlacements(parseSnapshot(base.snapshot), parseSnapshot(latest.snapshot));
  if (!changes.length) return null;
  const recipients = await listPresenterRecipients(
    db,
    changes.map((change) => change.submissionId),
  );
  return {
    version: Number(latest.version),
    comparedWith: Number(base.version),
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
  const messages = input.send ? noticeMessages(notice, input) : [];
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("program_version")
      .set({
        presenters_notified_at: now.toISOString(),
        presenters_notified_by: input.actor.label,
        presenters_mailed: messages.length,
      })
      .where("edition_year", "=", input.editionYear)
      .where("version", "=", notice.version)
      .where("presenters_notified_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordAdminAction(trx, {
      action: input.send ? "mail-program-changes" : "skip-program-changes-mail",
      actor: input.actor,
      details: `${input.editionYear}: version ${notice.version} (since version ${notice.comparedWith}), ${notice.affected.length} ${presentationsWord(notice.affected.length)}${input.send ? `, ${messages.length} ${messages.length === 1 ? "address" : "addresses"} mailed` : ", not mailed"}`,
    });
    return true;
  });
  if (!claimed) return refuseProgram({ reason: "notice-settled" });
  for (const message of messages)
    await deps.mailer.send(message).catch((error: unknown) => {
      deps.logger.error({ err: error, to: message.to }, "could not mail a program change");
    });
  if (!input.send)
    return done({ mailed: 0, message: programMessages.noticeClosed(notice.version) });
  return done({
    mailed: messages.length,
    message: programMessages.presentersMailed(messages.length),
  });
}

function describeChange(change: AffectedPresentation): string {
  const title = `“${change.title}”`;
  if (change.change === "removed")
    return `${title} is no longer in the program (it was at ${change.before.map(formatPlacement).join("; ")}). The committee will write to you if it has not already.`;
  const now = change.after.map(formatPlacement).join("; ");
  if (change.change === "added") return `${title} is now in the program: ${now}.`;
  return `${title} has moved: it is now at ${now} (it was at ${change.before.map(formatPlacement).join("; ")}).`;
}

/** One message per address, about all of its presentations that changed. */
export function noticeMessages(
  notice: PendingNotice,
  input: { editionYear: number; programUrl: string },
): MailMessage[] {
  const conference = editionName(input.editionYear);
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
  return [...byAddress.values()].map(({ recipient, changes }) => ({
    to: recipient.email,
    subject: `The ${conference} program has changed for your presentation`,
    text: `${[
      `Dear ${recipient.name || "presenter"},`,
      `The program committee has published a new version of the ${conference} program (times are Pacific Time).`,
      ...changes.map(describeChange),
      "The whole program, with calendar files for your talk, is here:",
      input.programUrl,
      `— ${site.name}`,
    ].join("\n\n")}\n`,
  }));
}
