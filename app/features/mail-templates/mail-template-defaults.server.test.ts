import { describe, expect, it } from "vitest";
import { queueDecisionMail } from "~/features/decisions/decision-mail.server";
import { remindWaitingPresenters } from "~/features/presenters/attendance-admin.server";
import { settlePendingNotice } from "~/features/program/program-notices.server";
import { publishProgram } from "~/features/program/program-publish.server";
import { movePresentation } from "~/features/program/program-slots.server";
import { remindReviewers } from "~/features/review/review-reminders.server";
import type { MailMessage } from "~/lib/mail/mailer.server";
import {
  admin,
  datesAround,
  decideAndRelease,
  links,
  seedAbstracts,
  year,
} from "../../../tests/support/decision-fixtures";
import * as program from "../../../tests/support/program-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  insertAssignment,
  insertReview,
  seedNamedCommittee,
  silentLogger,
} from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { type MailTemplateKey, mailTemplateKeys } from "./mail-templates";

// The default templates write exactly what the site wrote before its mails became editable: every
// text below is what the code sent then, byte for byte, captured from the same scenarios.

type Scenario = (database: TestDatabase) => Promise<MailMessage[]>;

const scenarios = {
  /** Ana: a talk and a poster; Bo: a co-written talk and his alternate; Zoë; Cai: not accepted. */
  release: async (database) => {
    await seedAbstracts(database);
    return (await decideAndRelease(database)).sent;
  },
  /** A poster, an alternate and a rejection released with comments, after the confirm-by date. */
  withComments: async (database) => {
    await seedAbstracts(database);
    const { sent, mailer } = recordingMailer();
    const rows = [
      { id: "s2", fileName: "ana-2.pdf", decision: "accepted", acceptedAs: "poster" },
      { id: "s3", fileName: "bo-3.pdf", decision: "alternate", acceptedAs: null },
      { id: "s4", fileName: "cai-4.pdf", decision: "rejected", acceptedAs: null },
    ] as const;
    await database.db.transaction().execute((trx) =>
      queueDecisionMail(
        { db: trx, mailer },
        rows.map((row) => ({ ...row, title: "" })),
        { ...links, confirmByText: null, editionYear: year },
        {
          cause: "test",
          comments: new Map([
            ["s3", ["Good.\n\nBut short.", "Fine."]],
            ["s4", ["Needs data."]],
          ]),
        },
      ),
    );
    mailer.wake();
    return sent;
  },
  presenterReminder: async (database) => {
    await seedAbstracts(database);
    await decideAndRelease(database);
    const { sent, mailer } = recordingMailer();
    await remindWaitingPresenters(
      { db: database.db, mailer, logger: silentLogger },
      {
        editionYear: year,
        dates: datesAround(1),
        congratulationsUrl: links.congratulationsUrl,
        actor: admin,
      },
    );
    return sent;
  },
  reviewers: (database) => remindAdaAndBen(database, true),
  reviewersNoDeadline: (database) => remindAdaAndBen(database, false),
  programFirst: async (database) => (await publishTwice(database)).first,
  programChange: async (database) => (await publishTwice(database)).second,
} satisfies Record<string, Scenario>;

/** Ada: abstract 2 not started, 4 drafted; Ben: abstract 3 not started. */
async function remindAdaAndBen(database: TestDatabase, isOpen: boolean) {
  await seedNamedCommittee(database);
  await insertAssignment(database, "s2", "ada");
  await insertReview(database, await insertAssignment(database, "s4", "ada"), {
    merit: 3,
    submittedAt: null,
  });
  await insertAssignment(database, "s3", "ben");
  const { sent, mailer } = recordingMailer();
  await remindReviewers(
    { db: database.db, mailer, logger: silentLogger },
    {
      editionYear: year,
      actor: admin,
      reviewUrl: "https://example.org/review",
      settings: isOpen
        ? { isOpen, closesAt: "2025-03-22T06:59:00.000Z" }
        : { isOpen, closesAt: null },
    },
  );
  return sent;
}

/** Two talks published and notified; then one moves down and a third joins, published and notified. */
async function publishTwice(database: TestDatabase) {
  await program.seed(database);
  const talks = await program.addSession(database);
  const one = await program.place(database, talks, "s1");
  await program.place(database, talks, "s3");
  program.readOutcome(
    await publishProgram(database.db, { edition: program.edition, actor: program.admin }),
  );
  const { sent, mailer } = recordingMailer();
  const notify = (version: number) =>
    settlePendingNotice(
      { db: database.db, mailer, logger: silentLogger },
      {
        editionYear: year,
        version,
        send: true,
        programUrl: program.calendarOptions.programUrl,
        actor: program.admin,
      },
    );
  await notify(1);
  const first = sent.splice(0);
  program.readOutcome(
    await movePresentation(database.db, {
      editionYear: year,
      slotId: one,
      direction: "down",
      actor: program.admin,
    }),
  );
  await program.place(database, talks, "s2");
  program.readOutcome(
    await publishProgram(database.db, {
      edition: program.edition,
      actor: program.admin,
      basedOnVersion: 1,
    }),
  );
  await notify(2);
  return { first, second: sent.splice(0) };
}

/** Today's text per template (and per branch of it), and the scenario that sends it. */
const todaysTexts: Record<
  string,
  { scenario: keyof typeof scenarios; to: string; subject: string; text: string }
> = {
  "decision-talk (the release: Ana's talk and poster)": {
    scenario: "release",
    to: "ana@example.edu",
    subject: "Action required: confirm your SCULC presentation",
    text: [
      "Dear Ana,",
      "",
      "Congratulations: the program committee has accepted your abstract for SCULC 2025.",
      "",
      "- Tone sandhi in ʔAkha (ana-1.pdf): accepted as a talk (15 minutes plus 5 minutes of questions)",
      "",
      "- ana-2.pdf: accepted as a poster",
      "",
      "Please confirm or decline your presentation by Tuesday, April 15, 2025, 11:59 PM Pacific Time, and read what happens next, on the congratulations page (the author who submitted the abstract answers there, signed in to their account):",
      "",
      "https://example.org/congratulations",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "decision-poster (a poster alone, past the confirm-by date)": {
    scenario: "withComments",
    to: "ana@example.edu",
    subject: "Action required: confirm your SCULC presentation",
    text: [
      "Dear Ana,",
      "",
      "Congratulations: the program committee has accepted your abstract for SCULC 2025.",
      "",
      "- ana-2.pdf: accepted as a poster",
      "",
      "Please confirm or decline your presentation as soon as you can, and read what happens next, on the congratulations page (the author who submitted the abstract answers there, signed in to their account):",
      "",
      "https://example.org/congratulations",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "decision-alternate (with the reviewers' comments)": {
    scenario: "withComments",
    to: "bo@example.edu",
    subject: "Your SCULC 2025 abstract is on the waiting list",
    text: [
      "Dear Bo,",
      "",
      "Thank you for submitting to SCULC 2025. The program committee has placed your abstract on its waiting list as an alternate.",
      "",
      "- bo-3.pdf: an alternate (on the waiting list)",
      "",
      "The reviewers' comments on bo-3.pdf:",
      "",
      "Reviewer 1:",
      "Good.",
      "",
      "But short.",
      "",
      "Reviewer 2:",
      "Fine.",
      "",
      "There is nothing to do for now. If a place in the program opens, we will email you at once with the acceptance and how to confirm it. You can see where your abstract stands on your submissions page:",
      "",
      "https://example.org/status",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "decision-not-accepted (without comments)": {
    scenario: "release",
    to: "cai@example.edu",
    subject: "Your SCULC 2025 abstract was not accepted",
    text: [
      "Dear Cai,",
      "",
      "Thank you for submitting to SCULC 2025. We are sorry that the program committee could not accept your abstract this year.",
      "",
      "- cai-4.pdf: not accepted",
      "",
      "You can see the decision on your submissions page:",
      "",
      "https://example.org/status",
      "",
      "We hope to see you at the conference as a guest, and to read your work again next year.",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "decision-not-accepted (with comments)": {
    scenario: "withComments",
    to: "cai@example.edu",
    subject: "Your SCULC 2025 abstract was not accepted",
    text: [
      "Dear Cai,",
      "",
      "Thank you for submitting to SCULC 2025. We are sorry that the program committee could not accept your abstract this year.",
      "",
      "- cai-4.pdf: not accepted",
      "",
      "The reviewers' comments on cai-4.pdf:",
      "",
      "Reviewer 1:",
      "Needs data.",
      "",
      "You can see the decision on your submissions page:",
      "",
      "https://example.org/status",
      "",
      "We hope to see you at the conference as a guest, and to read your work again next year.",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "presenter-reminder": {
    scenario: "presenterReminder",
    to: "ana@example.edu",
    subject: "Reminder: please confirm your SCULC 2025 presentation",
    text: [
      "Dear Ana,",
      "",
      "Your abstract was accepted for SCULC 2025, and we have not heard from you yet. Please confirm or decline your presentation by then:",
      "",
      "- Tone sandhi in ʔAkha (ana-1.pdf)",
      "",
      "- ana-2.pdf",
      "",
      "https://example.org/congratulations",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "reviewer-reminder (with a closing time)": {
    scenario: "reviewers",
    to: "ada@example.edu",
    subject: "Reminder: 2 unfinished reviews for SCULC 2025",
    text: [
      "Dear Ada,",
      "",
      "You have 2 unfinished reviews for SCULC 2025:",
      "",
      "- Abstract 2: not started",
      "- Abstract 4: draft saved, not submitted",
      "",
      "The review period closes at Mar 21, 2025, 11:59 PM PDT.",
      "",
      "Your review queue:",
      "",
      "https://example.org/review",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "reviewer-reminder (without one)": {
    scenario: "reviewersNoDeadline",
    to: "ben@example.edu",
    subject: "Reminder: 1 unfinished review for SCULC 2025",
    text: [
      "Dear Ben,",
      "",
      "You have 1 unfinished review for SCULC 2025:",
      "",
      "- Abstract 3: not started",
      "",
      "Your review queue:",
      "",
      "https://example.org/review",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "program-first-notice": {
    scenario: "programFirst",
    to: "bo@example.edu",
    subject: "When and where you present at SCULC 2025",
    text: [
      "Dear Bo Test,",
      "",
      "The program committee has published the SCULC 2025 program. Here is when and where you present (times are Pacific Time):",
      "",
      "“Tone sandhi in ʔAkha” is now in the program: Saturday, May 17, 2025, 9:00 AM-9:20 AM, Morning talks, Hall A.",
      "",
      "“Clicks” is now in the program: Saturday, May 17, 2025, 9:20 AM-9:40 AM, Morning talks, Hall A.",
      "",
      "The whole program, with a calendar file for each presentation, is here:",
      "",
      "https://sculc.example.edu/sculc-2025-program",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
  "program-change": {
    scenario: "programChange",
    to: "ana@example.edu",
    subject: "The SCULC 2025 program has changed for your presentation",
    text: [
      "Dear ana Test,",
      "",
      "The program committee has published a new version of the SCULC 2025 program (times are Pacific Time).",
      "",
      "“Tone sandhi in ʔAkha” has moved: it is now at Saturday, May 17, 2025, 9:20 AM-9:40 AM, Morning talks, Hall A (it was at Saturday, May 17, 2025, 9:00 AM-9:20 AM, Morning talks, Hall A).",
      "",
      "“Vowel harmony” is now in the program: Saturday, May 17, 2025, 9:40 AM-10:00 AM, Morning talks, Hall A.",
      "",
      "The whole program, with a calendar file for each presentation, is here:",
      "",
      "https://sculc.example.edu/sculc-2025-program",
      "",
      "— Undergraduate Linguistics Society",
    ].join("\n"),
  },
};

for (const target of testDatabaseTargets()) {
  describe(`default mail templates on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    for (const [label, expected] of Object.entries(todaysTexts))
      it(`${label}: the default writes today's text`, async () => {
        const database = await databases.openMigrated();
        const sent = await scenarios[expected.scenario](database);
        const message = sent.find((each) => each.to.toLowerCase() === expected.to);
        expect(message?.subject).toBe(expected.subject);
        expect(message?.text).toBe(`${expected.text}\n`);
      });
  });
}

describe("today's texts", () => {
  it("cover every template", () => {
    const covered = new Set(Object.keys(todaysTexts).map((label) => label.split(" ")[0]));
    expect(mailTemplateKeys.filter((key: MailTemplateKey) => !covered.has(key))).toEqual([]);
  });
});
