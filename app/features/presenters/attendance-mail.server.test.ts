import { describe, expect, it } from "vitest";
import type { Attendance } from "~/lib/db/schema";
import {
  datesAround,
  decideAndRelease,
  seedAbstracts,
  silentLogger,
} from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { answerAttendance } from "./attendance.server";
import { attendanceMailIntervalMs, mailAdminsAboutAnswers } from "./attendance-mail.server";

const presentersUrl = "https://example.org/user-data/presenters";
const minutes = (count: number) => count * 60_000;

describe.each(testDatabaseTargets())("the admins' mail about answers on $name", (target) => {
  const databases = useTestDatabases(target);

  async function setUp() {
    const database = await databases.openMigrated();
    await seedAbstracts(database);
    await decideAndRelease(database);
    const { sent, mailer } = recordingMailer();
    const deps = { db: database.db, mailer, logger: silentLogger };
    const start = new Date();
    const dates = datesAround(48);
    /** The presenter of s1 (ana) answers at `after` minutes, then the action mails as it does. */
    const answer = async (answerValue: Attendance, after: number, submissionId = "s1") => {
      const now = new Date(start.getTime() + minutes(after));
      const outcome = await answerAttendance(database.db, {
        userId: "ana",
        submissionId,
        answer: answerValue,
        dates,
        now,
      });
      if (!outcome.ok) throw new Error(outcome.reason);
      // As the congratulations action does: the mail follows an answer that changed something.
      if (!outcome.value.changed) return 0;
      return mailAdminsAboutAnswers(deps, { configuredAdminEmails: [], presentersUrl, now });
    };
    return { sent, answer };
  }

  it("mails a decline at once, to every admin", async () => {
    const { sent, answer } = await setUp();
    expect(await answer("confirmed", 0)).toBe(0);
    expect(sent).toEqual([]);
    expect(await answer("declined", 1)).toBe(1);
    expect(sent.map((message) => message.to)).toEqual(["admin@example.edu"]);
    expect(sent[0]?.subject).toMatch(/^Abstract 1 was declined/);
    expect(sent[0]?.text).toContain("ana@example.edu declined to present abstract 1:");
  });

  it("mails at most once an hour per abstract however often the answer flips, folding the latest answer into the next mail", async () => {
    const { sent, answer } = await setUp();
    await answer("declined", 0);
    expect(sent).toHaveLength(1);
    // Twenty-one flips within the hour: nothing more.
    for (let flip = 1; flip <= 21; flip++)
      await answer(flip % 2 ? "confirmed" : "declined", flip * 2);
    expect(sent).toHaveLength(1);
    // The last flip of the hour stands at "confirmed"; the next answer after the hour (here on the
    // presenter's other abstract) sends it.
    await answer("confirmed", 70, "s2");
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toMatch(/^Abstract 1 is confirmed again/);
    expect(sent[1]?.text).toContain("They had declined before.");
    // Declined again within the next hour: held, then sent once the hour since the last mail is over.
    await answer("declined", 80);
    expect(sent).toHaveLength(2);
    // The presenter's other abstract changes after that hour: its own decline goes out with abstract 1's.
    await answer("declined", 70 + attendanceMailIntervalMs / 60_000 + 1, "s2");
    expect(sent.slice(2).map((message) => message.subject.split(" |")[0])).toEqual([
      "Abstract 1 was declined",
      "Abstract 2 was declined",
    ]);
  });

  it("does not mail an answer the admins already know of", async () => {
    const { sent, answer } = await setUp();
    await answer("declined", 0);
    await answer("confirmed", 5);
    await answer("declined", 10);
    // Declined, as they were told: the hour passing sends nothing.
    await answer("confirmed", 90, "s2");
    expect(sent).toHaveLength(1);
  });

  it("mails once when two answers race for the same mail", async () => {
    const { sent, answer } = await setUp();
    await Promise.all([answer("declined", 0), answer("declined", 0)]);
    expect(sent).toHaveLength(1);
  });
});
