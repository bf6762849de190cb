import { type Browser, expect, type TestInfo } from "@playwright/test";
import ICAL from "ical.js";
import { useOwnClientAddress } from "./accounts";
import { expectNoAxeViolations } from "./axe";

// The published program as visitors meet it: the page, its JSON and calendar exports, print, a phone
// and the edition page's Program section.

export const programPage = "/sculc-2025-program";

/** What a signed-out visitor's page says, as HTML. */
export async function visitorText(testInfo: TestInfo, path = programPage): Promise<string> {
  const response = await fetch(new URL(path, testInfo.project.use.baseURL));
  expect(response.status).toBe(200);
  return response.text();
}

/** A page's HTML without what changes from one render to the next (the footer's year aside). */
export const normalised = (html: string) =>
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
export async function expectPublicProgram(
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
  // The Print button opens the browser's print dialog (stubbed here); the page script shows it.
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await page.getByRole("button", { name: "Print the program" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
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

  // Without JavaScript there is no Print button; the page names the browser's own command.
  const withoutScript = await browser.newContext({ javaScriptEnabled: false });
  // biome-ignore lint/correctness/useHookAtTopLevel: a Playwright helper, not a React hook
  await useOwnClientAddress(withoutScript);
  const plain = await withoutScript.newPage();
  await plain.goto(programPage);
  await expect(
    plain.getByText("use the Print button or your browser’s Print command"),
  ).toBeVisible();
  await expect(plain.getByRole("button", { name: "Print the program" })).toHaveCount(0);
  await withoutScript.close();
}
