import { expect, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import { adminSession, someone, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, waitForMail } from "./support/mailbox";
import {
  addPresentingCoAuthor,
  clearProgramDraft,
  confirmedPresentation,
  setAttendance,
} from "./support/program-database";
import {
  addSession,
  editSession,
  expectSaved,
  expectWarning,
  fillSession,
  place,
  publish,
  sessionCard,
  slotRow,
} from "./support/program-editor";
import { expectPublicProgram, normalised, visitorText } from "./support/public-program";
import { withServerLock } from "./support/server-lock";

// Issue 14, the program: built in the admin area from confirmed presentations, checked by its
// warnings, published as versions that visitors see on the page, in calendars and as JSON. The editor's
// helpers are in support/program-editor.ts, what visitors see is checked by support/public-program.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const editor = "/user-data/program";
const changedSubject = "The SCULC 2025 program has changed for your presentation";

test(
  "build, check, publish and republish the program; visitors, calendars and JSON follow only what is published",
  { tag: "@publishes-program" },
  async ({ browser }, testInfo) => {
    // One program per server: on SQLite it runs last, in the call-for-abstracts project (it changes the
    // edition page other specs check; playwright.config.ts), and on PostgreSQL with the rest.
    test.setTimeout(300_000);
    const ana = someone("ana", testInfo);
    const [admin, talkA, talkB, talkC, poster, extra, otherPoster] = await Promise.all([
      adminSession(browser, testInfo, editor),
      confirmedPresentation(testInfo, { prefix: "talk-a", format: "talk", presenter: ana }),
      confirmedPresentation(testInfo, { prefix: "talk-b", format: "talk" }),
      // Ana presents this one too, as a co-author would: the presenter-overlap case.
      confirmedPresentation(testInfo, { prefix: "talk-c", format: "talk" }),
      confirmedPresentation(testInfo, { prefix: "poster", format: "poster" }),
      confirmedPresentation(testInfo, { prefix: "talk-x", format: "talk" }),
      // Left unplaced: a poster session offers it, a talk session does not.
      confirmedPresentation(testInfo, { prefix: "poster-y", format: "poster" }),
    ]);
    const page = admin.page;
    await addPresentingCoAuthor(testInfo, talkC.id, ana);

    await withServerLock(testInfo, "program", async () => {
      await clearProgramDraft(testInfo, 2025);
      const archiveBefore = normalised(await visitorText(testInfo, "/sculc-2023-program"));
      await page.goto(editor);
      await expect(page.getByRole("heading", { name: "Program for SCULC 2025" })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Confirmed presentations not yet placed" }),
      ).toContainText(talkA.title);

      // A keynote, two talk sessions, lunch and a poster session.
      await addSession(page, {
        title: "Opening keynote",
        kind: "Keynote",
        room: "Main Hall",
        startsAt: "09:00",
        endsAt: "10:00",
        description: "Dr. Ada Keynote on how languages change",
      });
      await addSession(page, {
        title: "Talks I",
        kind: "Talks",
        room: "Room 101",
        startsAt: "10:00",
        endsAt: "11:00",
        chair: "Prof. Chair",
      });
      await addSession(page, {
        title: "Lunch",
        kind: "Lunch",
        room: "Courtyard",
        startsAt: "11:00",
        endsAt: "12:00",
      });
      await addSession(page, {
        title: "Talks II",
        kind: "Talks",
        room: "Room 101",
        startsAt: "12:00",
        endsAt: "13:00",
      });
      await addSession(page, {
        title: "Posters",
        kind: "Posters",
        room: "Atrium",
        startsAt: "13:00",
        endsAt: "14:00",
      });
      // A refused form keeps what was typed and says what is wrong, at the field.
      const newForm = page.getByRole("region", { name: "Add a session" });
      await fillSession(newForm, {
        title: "Backwards",
        kind: "Break",
        startsAt: "15:00",
        endsAt: "14:00",
      });
      await newForm.getByRole("button", { name: "Add the session" }).click();
      await expect(page.getByRole("alert")).toContainText("Please end the session after it starts");
      await expect(newForm.getByLabel("Title")).toHaveValue("Backwards");
      await expect(newForm.getByLabel("Ends (Pacific Time)")).toHaveAttribute(
        "aria-invalid",
        "true",
      );

      await place(page, "Talks I", talkA.title);
      await place(page, "Talks I", talkB.title);
      await place(page, "Talks II", talkC.title);
      await place(page, "Posters", poster.title);
      await expect(slotRow(sessionCard(page, "Talks I"), talkB.title)).toContainText(
        "10:20 AM-10:40 AM",
      );
      // Only posters are offered to a poster session, only talks to a talk session.
      const offered = (session: string, title: string) =>
        sessionCard(page, session).locator("option", { hasText: title });
      await expect(offered("Talks II", extra.title)).toHaveCount(1);
      await expect(offered("Talks II", otherPoster.title)).toHaveCount(0);
      await expect(offered("Posters", otherPoster.title)).toHaveCount(1);
      await expect(offered("Posters", extra.title)).toHaveCount(0);

      // Order by the keyboard: B before A.
      const upB = slotRow(sessionCard(page, "Talks I"), talkB.title).getByRole("button", {
        name: /^Up/,
      });
      await upB.focus();
      await page.keyboard.press("Enter");
      await expectSaved(page, /was moved up in “Talks I” successfully/);
      await expect(slotRow(sessionCard(page, "Talks I"), talkB.title)).toContainText(
        "10:00 AM-10:20 AM",
      );
      await expect(slotRow(sessionCard(page, "Talks I"), talkA.title)).toContainText(
        "10:20 AM-10:40 AM",
      );
      await expect(
        page.getByText("No warnings: no overlaps, overruns or unconfirmed presentations."),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // Each warning, raised by its case and cleared when fixed.
      const rowA = () => slotRow(sessionCard(page, "Talks I"), talkA.title);
      await rowA().getByRole("spinbutton").fill("45");
      await rowA()
        .getByRole("button", { name: /^Set length/ })
        .click();
      await expectSaved(page, /now takes 45 minutes: saved successfully/);
      await expectWarning(
        page,
        "“Talks I” runs 5 minutes past its end: its talks end at 11:05 AM",
        true,
      );
      await rowA().getByRole("spinbutton").fill("");
      await rowA()
        .getByRole("button", { name: /^Set length/ })
        .click();
      await expectSaved(page, /takes the default length again: saved successfully/);
      await expectWarning(page, /runs \d+ minutes past its end/, false);

      await editSession(page, "Talks II", { startsAt: "10:30", endsAt: "11:30" });
      await expectWarning(page, "“Talks I” and “Talks II” overlap in Room 101.", true);
      // Ana presents in both talk sessions (talk C as its presenting co-author).
      const anaTwice = /presents in “Talks I” and in “Talks II”, which overlap/;
      await expectWarning(page, anaTwice, true);
      await editSession(page, "Talks II", { room: "Room 202" });
      await expectWarning(page, /overlap in Room/, false);
      await expectWarning(page, anaTwice, true);
      await editSession(page, "Talks II", { startsAt: "12:00", endsAt: "13:00" });
      await expectWarning(page, anaTwice, false);

      // Placed twice: a crafted form (the page only offers unplaced presentations).
      const sessionIdOf = async (title: string) =>
        (await sessionCard(page, title)
          .locator('input[name="sessionId"]')
          .first()
          .getAttribute("value")) ?? "";
      const twice = await page.request.post(editor, {
        form: { intent: "place", sessionId: await sessionIdOf("Talks II"), submissionId: talkB.id },
      });
      expect(twice.status()).toBe(200);
      await page.reload();
      await expectWarning(page, /is placed 2 times: in “Talks I”, “Talks II”/, true);
      await slotRow(sessionCard(page, "Talks II"), talkB.title)
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expectSaved(page, /was taken out of “Talks II” successfully/);
      await expectWarning(page, /is placed 2 times/, false);

      // A presenter who declines or takes their confirmation back after being placed.
      await place(page, "Talks II", extra.title);
      await setAttendance(testInfo, extra.id, "declined");
      await page.reload();
      await expectWarning(page, "was declined by its presenter.", true);
      await setAttendance(testInfo, extra.id, null);
      await page.reload();
      await expectWarning(page, "is not confirmed by its presenter yet.", true);
      await slotRow(sessionCard(page, "Talks II"), extra.title)
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expectSaved(page, /was taken out of “Talks II” successfully/);
      await expectWarning(page, /declined by its presenter|not confirmed by its presenter/, false);
      await setAttendance(testInfo, extra.id, "confirmed");

      // Outside the conference hours.
      await addSession(page, {
        title: "Late social",
        kind: "Other",
        startsAt: "21:00",
        endsAt: "22:00",
      });
      await expectWarning(
        page,
        "“Late social” is outside the conference hours (8:00 AM to 8:00 PM).",
        true,
      );
      await sessionCard(page, "Late social").getByText("Edit or delete Late social").click();
      await sessionCard(page, "Late social")
        .getByRole("button", { name: /^Delete/ })
        .click();
      await expectSaved(page, "The session “Late social” was deleted successfully.");
      await expect(
        page.getByText("No warnings: no overlaps, overruns or unconfirmed presentations."),
      ).toBeVisible();

      await page.screenshot({ path: testInfo.outputPath("program-editor.png"), fullPage: true });
      // The full editor on a phone: nothing wider than the screen.
      const desktopSize = page.viewportSize();
      await page.setViewportSize({ width: 375, height: 740 });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath("program-editor-phone.png"),
        fullPage: true,
      });
      if (desktopSize) await page.setViewportSize(desktopSize);
      // The draft is not public until it is published.
      expect(await visitorText(testInfo)).not.toContain(talkA.title);
      const first = await publish(page);
      // The first publish offers to tell every placed presentation's presenters their slot.
      const firstNotice = page.getByRole("region", {
        name: `Tell the presenters about version ${first}`,
      });
      await expect(firstNotice).toContainText(talkC.title);
      await firstNotice.getByRole("button", { name: /^Email the presenters their slots/ }).click();
      await expect(successMessage(page, /emailed their times and places/)).toBeVisible();
      const slotMail = await waitForMail(talkC.presenter.email, {
        subject: "When and where you present at SCULC 2025",
      });
      expect(slotMail.text).toContain(`“${talkC.title}” is now in the program:`);
      const published = await visitorText(testInfo);
      expect(published).toContain(talkA.title);
      expect(published).toContain("Opening keynote");
      await expectPublicProgram(browser, testInfo, {
        version: first,
        sessions: ["Opening keynote", "Talks I", "Lunch", "Talks II", "Posters"],
        talk: { title: talkB.title, time: "10:00 AM – 10:20 AM" },
        coAuthored: { title: talkC.title, name: `${ana.firstName} ${ana.lastName}` },
      });
      // The archive never follows the current edition.
      expect(normalised(await visitorText(testInfo, "/sculc-2023-program"))).toBe(archiveBefore);
      await expect(page.getByRole("button", { name: /^Publish version/ })).toBeDisabled();

      // A later edit stays in the draft.
      await editSession(page, "Lunch", { title: "Long lunch" });
      expect(await visitorText(testInfo)).not.toContain("Long lunch");
      await editSession(page, "Long lunch", { title: "Lunch" });

      // Republish after swapping A and B: only their presenters are told, once.
      const before = {
        a: await countMail(ana.email, changedSubject),
        b: await countMail(talkB.presenter.email, changedSubject),
        c: await countMail(talkC.presenter.email, changedSubject),
        poster: await countMail(poster.presenter.email, changedSubject),
      };
      await slotRow(sessionCard(page, "Talks I"), talkA.title)
        .getByRole("button", { name: /^Up/ })
        .click();
      await expectSaved(page, /was moved up in “Talks I” successfully/);
      const second = await publish(page);
      expect(second).toBe(first + 1);
      const notice = page.getByRole("region", {
        name: `Tell the presenters about version ${second}`,
      });
      await expect(notice).toContainText(talkA.title);
      await expect(notice).toContainText(talkB.title);
      await expect(notice).not.toContainText(talkC.title);
      await notice.getByRole("button", { name: /^Email the affected presenters/ }).click();
      await expect(successMessage(page, /emailed their new times/)).toBeVisible();
      const mailA = await waitForMail(ana.email, { subject: changedSubject, after: before.a });
      expect(mailA.text).toContain(`“${talkA.title}” has moved: it is now at `);
      expect(mailA.text).toContain(", 10:00 AM-10:20 AM, Talks I, Room 101");
      await waitForMail(talkB.presenter.email, { subject: changedSubject, after: before.b });
      expect(await countMail(ana.email, changedSubject)).toBe(before.a + 1);
      expect(await countMail(talkC.presenter.email, changedSubject)).toBe(before.c);
      expect(await countMail(poster.presenter.email, changedSubject)).toBe(before.poster);
      await expect(notice).toHaveCount(0);
    });
    await admin.context.close();
  },
);

test("the program editor fits a phone and a keyboard, and is axe clean", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone layout");
  const admin = await adminSession(browser, testInfo, editor);
  const page = admin.page;
  await expect(page.getByRole("heading", { name: "Program for SCULC 2025" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("program-editor-phone.png"), fullPage: true });
  await admin.context.close();
});
