import {
  type Browser,
  expect,
  type Locator,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import ICAL from "ical.js";
import { useOwnClientAddress } from "./support/accounts";
import { adminSession, someone, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, waitForMail } from "./support/mailbox";
import {
  clearProgramDraft,
  confirmedPresentation,
  setAttendance,
} from "./support/program-database";
import { withProjectDatabase } from "./support/review-database";
import { withServerLock } from "./support/server-lock";

// Issue 14, the program: built in the admin area from confirmed presentations, checked by its
// warnings, published as versions that visitors see on the page, in calendars and as JSON.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const editor = "/user-data/program";
const programPage = "/sculc-2025-program";
const changedSubject = "The SCULC 2025 program has changed for your presentation";

function sessionCard(page: Page, title: string): Locator {
  return page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`${title}$`) }) });
}

function slotRow(card: Locator, title: string): Locator {
  return card.getByRole("listitem").filter({ hasText: title });
}

async function expectSaved(page: Page) {
  await expect(successMessage(page, /successfully/)).toBeVisible();
}

type SessionForm = {
  title: string;
  kind: "Talks" | "Posters" | "Keynote" | "Break" | "Lunch" | "Other";
  room?: string;
  startsAt: string;
  endsAt: string;
  chair?: string;
  description?: string;
};

async function fillSession(scope: Locator, session: Partial<SessionForm>) {
  if (session.title !== undefined) await scope.getByLabel("Title").fill(session.title);
  if (session.kind) await scope.getByLabel("Type").selectOption({ label: session.kind });
  if (session.room !== undefined) await scope.getByLabel("Room or place").fill(session.room);
  if (session.startsAt) await scope.getByLabel("Starts (Pacific Time)").fill(session.startsAt);
  if (session.endsAt) await scope.getByLabel("Ends (Pacific Time)").fill(session.endsAt);
  if (session.chair !== undefined) await scope.getByLabel("Chair (optional)").fill(session.chair);
  if (session.description !== undefined)
    await scope.getByLabel("Description (optional)").fill(session.description);
}

async function addSession(page: Page, session: SessionForm) {
  const form = page.getByRole("region", { name: "Add a session" });
  await fillSession(form, session);
  await form.getByRole("button", { name: "Add the session" }).click();
  await expect(
    successMessage(page, `The session “${session.title}” was added successfully.`),
  ).toBeVisible();
}

async function editSession(page: Page, title: string, changes: Partial<SessionForm>) {
  const card = sessionCard(page, title);
  const details = card.locator("details");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await card.getByText(`Edit or delete ${title}`).click();
  await fillSession(card, changes);
  await card.getByRole("button", { name: "Save the session" }).click();
  await expectSaved(page);
}

async function place(page: Page, sessionTitle: string, presentationTitle: string) {
  const card = sessionCard(page, sessionTitle);
  const select = card.getByRole("combobox", { name: /^Add a confirmed/ });
  const option = select.locator("option", { hasText: presentationTitle });
  await select.selectOption((await option.getAttribute("value")) ?? "");
  await card.getByRole("button", { name: `Place it in ${sessionTitle}` }).click();
  await expectSaved(page);
}

async function expectWarning(page: Page, text: string | RegExp, present: boolean) {
  const warning = page.getByRole("region", { name: "Publishing" }).getByRole("listitem").filter({
    hasText: text,
  });
  if (present) await expect(warning.first()).toBeVisible();
  else await expect(warning).toHaveCount(0);
}

async function publish(page: Page): Promise<number> {
  const button = page.getByRole("button", { name: /^Publish version \d+/ });
  const version = Number(/version (\d+)/.exec((await button.innerText()) ?? "")?.[1]);
  await button.click();
  await expect(
    successMessage(page, `Version ${version} of the program was published successfully.`),
  ).toBeVisible();
  return version;
}

/** What a signed-out visitor's page says, as HTML. */
async function visitorText(testInfo: TestInfo, path = programPage): Promise<string> {
  const response = await fetch(new URL(path, testInfo.project.use.baseURL));
  expect(response.status).toBe(200);
  return response.text();
}

/** A page's HTML without what changes from one render to the next (the footer's year aside). */
const normalised = (html: string) =>
  html.replace(/nonce="[^"]*"/g, "").replace(/\/assets\/[^"']+/g, "/assets/");

/** "9:00 AM", as the page writes the moment in America/Los_Angeles. */
const pacificClock = (instant: string) =>
  new Date(instant).toLocaleTimeString("en-US", {
    timeZone: "America/Los_Angeles",
    hour: "numeric",
    minute: "2-digit",
  });

type PageSession = {
  title: string;
  times: { label: string; instant: string }[];
  presentations: { title: string; times: { label: string; instant: string }[] }[];
};

/**
 * The published program as a signed-out visitor meets it: the page (whose times are the JSON's
 * instants in Pacific Time), the JSON export, the calendar feed and a talk's own calendar file
 * (parsed with ical.js: their moments are the JSON's), the edition page's Program section, a phone,
 * print and axe.
 */
async function expectPublicProgram(
  browser: Browser,
  testInfo: TestInfo,
  expected: {
    version: number;
    sessions: string[];
    talk: { title: string; time: string };
    coAuthored: { title: string; name: string };
  },
) {
  const context = await browser.newContext();
  // biome-ignore lint/correctness/useHookAtTopLevel: a Playwright helper, not a React hook
  await useOwnClientAddress(context);
  const page = await context.newPage();
  await page.goto(programPage);
  await expect(page.getByRole("heading", { level: 1, name: "SCULC 2025 program" })).toBeVisible();
  await expect(page.getByText(`Version ${expected.version}, published`)).toBeVisible();
  const sessions: PageSession[] = await page.locator(".program-session").evaluateAll((items) => {
    const times = (scope: Element, selector: string) =>
      [...scope.querySelectorAll(`${selector} time`)].map((time) => ({
        label: time.textContent ?? "",
        instant: time.getAttribute("datetime") ?? "",
      }));
    return items.map((item) => ({
      title: item.querySelector("h2")?.textContent ?? "",
      times: times(item, ".program-session__time"),
      presentations: [...item.querySelectorAll(".program-talk")].map((talk) => ({
        title: talk.querySelector("h3")?.textContent ?? "",
        times: times(talk, ".program-talk__time"),
      })),
    }));
  });
  expect(sessions.map((session) => session.title)).toEqual(expected.sessions);
  for (const session of sessions)
    for (const time of [
      ...session.times,
      ...session.presentations.flatMap((presentation) => presentation.times),
    ])
      expect(time.label).toBe(pacificClock(time.instant));
  const publicSession = (title: string) =>
    page
      .locator(".program-session")
      .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
  const keynote = publicSession("Opening keynote");
  await expect(keynote.getByText("Keynote", { exact: true })).toBeVisible();
  await expect(keynote).toContainText("Main Hall");
  await expect(publicSession("Talks I")).toContainText("Room 101 · Chair: Prof. Chair");
  await expect(publicSession("Lunch").getByText("Lunch", { exact: true })).toHaveCount(2);
  const talk = page.locator(".program-talk", { hasText: expected.talk.title });
  await expect(talk).toContainText(expected.talk.time);
  await expect(talk).toContainText("(presenting)");
  // Co-authors in their order, with their affiliations; who presents is marked.
  await expect(page.locator(".program-talk", { hasText: expected.coAuthored.title })).toContainText(
    `${expected.coAuthored.name}, UC Irvine (presenting)`,
  );

  // The JSON export is the page.
  const exported = (await (await context.request.get(`${programPage}.json`)).json()) as {
    version: number;
    sessions: {
      title: string;
      start: string;
      end: string;
      presentations: { title: string; start: string; end: string }[];
    }[];
  };
  expect(exported.version).toBe(expected.version);
  expect(
    exported.sessions.map((session) => ({
      title: session.title,
      times: [session.start, session.end],
      presentations: session.presentations.map((presentation) => presentation.title),
    })),
  ).toEqual(
    sessions.map((session) => ({
      title: session.title,
      times: session.times.map((time) => time.instant),
      presentations: session.presentations.map((presentation) => presentation.title),
    })),
  );
  const exportedTalk = exported.sessions
    .flatMap((session) => session.presentations)
    .find((presentation) => presentation.title === expected.talk.title);
  expect(
    [exportedTalk?.start, exportedTalk?.end]
      .map((instant) => pacificClock(instant ?? ""))
      .join(" – "),
  ).toBe(expected.talk.time);

  // The calendar feed: valid for a maintained parser, in the conference's zone, at the JSON's moments.
  const feed = await context.request.get(`${programPage}.ics`);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const zone = calendar.getFirstSubcomponent("vtimezone");
  expect(zone?.getFirstPropertyValue("tzid")).toBe("America/Los_Angeles");
  if (zone) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
  for (const session of exported.sessions) {
    const event = events.find((candidate) => candidate.summary === session.title);
    expect(event?.startDate.zone?.tzid).toBe("America/Los_Angeles");
    expect(event?.startDate.toJSDate().toISOString()).toBe(session.start);
    expect(event?.endDate.toJSDate().toISOString()).toBe(session.end);
  }
  // Polling the feed costs nothing until the next publish.
  const etag = feed.headers().etag ?? "";
  const again = await context.request.get(`${programPage}.ics`, {
    headers: { "if-none-match": etag },
  });
  expect(again.status()).toBe(304);

  // One talk's "add to calendar" file.
  const single = await context.request.get(
    (await talk
      .getByRole("link", { name: `Add to calendar: ${expected.talk.title}` })
      .getAttribute("href")) ?? "",
  );
  expect(single.headers()["content-disposition"]).toContain("attachment");
  const singleEvent = new ICAL.Event(
    new ICAL.Component(ICAL.parse(await single.text())).getFirstSubcomponent("vevent") ?? undefined,
  );
  expect(singleEvent.summary).toBe(expected.talk.title);
  expect(singleEvent.startDate.toJSDate().toISOString()).toBe(exportedTalk?.start);

  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("program-page.png"), fullPage: true });
  // A handout when printed: the program alone, without the site's header, footer or links.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.getByRole("link", { name: /^Add to calendar/ }).first()).toBeHidden();
  await expect(page.getByRole("heading", { name: "Opening keynote" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("program-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("program-page-phone.png"), fullPage: true });

  // The edition page's Program section shows the same version.
  await page.goto("/sculc-2025");
  const section = page.getByRole("region", { name: "Program" });
  await expect(section.getByRole("heading", { name: "Opening keynote" })).toBeVisible();
  await expect(section).toContainText(expected.talk.title);
  await expect(section.getByRole("link", { name: "Open the full program" })).toHaveAttribute(
    "href",
    programPage,
  );
  await context.close();
}

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
      await expectSaved(page);
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
      await expectSaved(page);
      await expectWarning(
        page,
        "“Talks I” runs 5 minutes past its end: its talks end at 11:05 AM",
        true,
      );
      await rowA().getByRole("spinbutton").fill("");
      await rowA()
        .getByRole("button", { name: /^Set length/ })
        .click();
      await expectSaved(page);
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
      await expectSaved(page);
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
      await expectSaved(page);
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
      await expectSaved(page);
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
      await expectSaved(page);
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
      expect(mailA.text).toContain(
        `“${talkA.title}” has moved: it is now at 10:00 AM-10:20 AM, Talks I, Room 101`,
      );
      await waitForMail(talkB.presenter.email, { subject: changedSubject, after: before.b });
      expect(await countMail(ana.email, changedSubject)).toBe(before.a + 1);
      expect(await countMail(talkC.presenter.email, changedSubject)).toBe(before.c);
      expect(await countMail(poster.presenter.email, changedSubject)).toBe(before.poster);
      await expect(notice).toHaveCount(0);
    });
    await admin.context.close();
  },
);

/** Makes `person` a presenting co-author of the abstract (the submit form's co-author rows). */
async function addPresentingCoAuthor(
  testInfo: TestInfo,
  submissionId: string,
  person: { firstName: string; lastName: string; email: string },
) {
  await withProjectDatabase(testInfo, ({ db }) =>
    db
      .insertInto("submission_author")
      .values({
        submission_id: submissionId,
        position: 1,
        user_id: null,
        name: `${person.firstName} ${person.lastName}`,
        affiliation: "UC Irvine",
        email: person.email,
        is_presenter: 1,
      })
      .execute(),
  );
}

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
