import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { makePhoto } from "../tests/support/image-fixtures";
import { at, useOwnClientAddress } from "./support/accounts";
import {
  adminSession,
  apiAccount,
  escapeRegExp,
  newSession,
  randomToken,
  shareSession,
  signedInAdmin,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { holdNextUpload } from "./support/held-uploads";
import { elementsWiderThanViewport } from "./support/layout";

// The editors' screens for board seasons: the content list, a season's form (without JavaScript's
// help: every button is a plain submit), preview, publish, history and restore.
//
// Publishing a season changes the public board page every other spec on this server reads, so the
// test that publishes is tagged @global-state: it runs alone, last, and takes its season off the site
// at the end. The other tests save drafts of seasons long past (the 1990s), which sort after every
// real season and never reach the public page.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const status = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

const seasonInput = (page: Page) => page.getByRole("textbox", { name: "Season", exact: true });

const member = (page: Page, place: number) =>
  page.getByRole("group", { name: `Member ${place}`, exact: true });

/** Removes every member after the first `keep`, one button press (and one answer) at a time. */
async function keepMembers(page: Page, keep: number) {
  const groups = page.getByRole("group", { name: /^Member \d+$/ });
  let count = await groups.count();
  while (count > keep) {
    await page.getByRole("button", { name: `Remove member ${keep + 1}`, exact: true }).click();
    count -= 1;
    await expect(groups).toHaveCount(count);
  }
}

/** An account that is an editor and not an admin, made so by an admin in the user table, signed in on `page`. */
async function signedInEditor(page: Page, browser: Browser, testInfo: TestInfo) {
  const token = randomToken();
  const person = {
    firstName: "Edna",
    lastName: `Seasons${token}`,
    email: `edna.${token}@e2e.test`,
  };
  const api = await apiAccount(testInfo, person);
  const admin = await adminSession(browser, testInfo, `/user-data?q=${token}`);
  await admin.page
    .getByRole("button", { name: new RegExp(`^Make editor\\s*: ${escapeRegExp(person.email)}$`) })
    .click();
  await expect(
    successMessage(admin.page, `${person.email} was made an editor successfully.`),
  ).toBeVisible();
  await admin.context.close();
  await shareSession(page, api);
  await api.dispose();
}

async function expectFitsAndAccessible(page: Page) {
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
}

/** The public board page as a signed-out visitor sees it, and its current season's heading. */
async function publicBoard(browser: Browser) {
  const { context, page } = await newSession(browser);
  await page.goto("/board");
  const current = await page.locator("#current-board").innerText();
  const text = await page.getByRole("main").innerText();
  await context.close();
  return { current, text };
}

/** A draft season of one member, made through the form; the page is left on its form. */
async function draftSeason(page: Page, season: string, name: string) {
  await page.goto("/user-data/content/board/new");
  await expect(seasonInput(page)).toBeEditable();
  await seasonInput(page).fill(season);
  await keepMembers(page, 1);
  await member(page, 1).getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(status(page, "Draft saved successfully")).toBeVisible();
  await expect(page).toHaveURL(at(`/user-data/content/board/${season}?saved=1`));
}

function pastSeason(testInfo: TestInfo, offset: number): string {
  // One range of years per project, so desktop and mobile never share a season.
  const first = 1990 + (testInfo.project.name === "mobile" ? 6 : 0) + offset;
  return `${first}-${first + 1}`;
}

test("the content list, a season's form, its history and the preview fit a phone and pass axe", async ({
  page,
}, testInfo) => {
  await signedInAdmin(page, testInfo, "/user-data/content");
  await expect(page.getByRole("heading", { name: "Site content", level: 1 })).toBeVisible();
  const seasons = page.getByRole("region", { name: "Board seasons" });
  const shipped = seasons.getByRole("listitem").filter({ hasText: "2025–2026 board" });
  await expect(shipped).toContainText(/Published|Unpublished changes/);
  // Every document links to its form, wherever that form is built.
  const forms: [string, string, string][] = [
    ["Footer and social links", "Edit Footer and social links", "/user-data/content/footer"],
    ["NACLO", "Edit NACLO", "/user-data/content/naclo"],
    ["Conference editions", "Edit SCULC 2025", "/user-data/content/editions/2025"],
  ];
  for (const [region, link, href] of forms) {
    await expect(
      page.getByRole("region", { name: region }).getByRole("link", { name: link }),
    ).toHaveAttribute("href", href);
  }
  await expectFitsAndAccessible(page);

  // Enter in a field saves (the form's first button): it must not move or remove a member.
  await seasons.getByRole("link", { name: "Add a season" }).click();
  await expect(seasonInput(page)).toHaveValue(/^\d{4}-\d{4}$/);
  await expect(member(page, 1).getByLabel("Position")).toHaveValue("President");
  await member(page, 2).getByLabel("Name").fill("Typed Before Enter");
  await member(page, 2).getByLabel("Name").press("Enter");
  await expect(page.getByRole("alert")).toContainText("Nothing was saved");
  await expect(member(page, 2).getByLabel("Name")).toHaveValue("Typed Before Enter");
  await expect(member(page, 1).getByLabel("Name")).toBeFocused();
  await expect(member(page, 1).getByText("Fill in the name, or remove this member.")).toBeVisible();
  await expectFitsAndAccessible(page);

  await page.goto("/user-data/content/board-season/2025-2026/history");
  await expect(page.getByRole("heading", { name: "History of 2025–2026 board" })).toBeVisible();
  await page.getByRole("link", { name: "Version 1", exact: true }).click();
  await expect(page.getByText("Daniela Reyes (President)")).toBeVisible();
  await expectFitsAndAccessible(page);

  const preview = await page.goto("/user-data/content/preview/board");
  expect(preview?.headers()["cache-control"]).toBe("private, no-store");
  expect(preview?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByText("Preview — not published.")).toBeVisible();
  await expectFitsAndAccessible(page);
});

test("two tabs of an editor who is not an admin: the second save is refused as stale and keeps what was typed in it", async ({
  page,
  browser,
}, testInfo) => {
  const season = pastSeason(testInfo, 0);
  await signedInEditor(page, browser, testInfo);
  await draftSeason(page, season, "First Name");
  // An editor's frame offers the content only.
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
    "Site content",
  ]);
  const other = await page.context().newPage();
  await other.goto(`/user-data/content/board/${season}`);

  await member(page, 1).getByLabel("Name").fill("Tab One");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(status(page, "Draft saved successfully")).toBeVisible();

  await member(other, 1).getByLabel("Name").fill("Tab Two");
  await member(other, 1).getByLabel("Major (optional)").fill("Phonology");
  await other.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(other.getByRole("alert")).toContainText(
    "Someone else saved this season after you opened it, so nothing of yours was saved.",
  );
  await expect(member(other, 1).getByLabel("Name")).toHaveValue("Tab Two");
  await expect(member(other, 1).getByLabel("Major (optional)")).toHaveValue("Phonology");
  const theirs = other.getByRole("region", { name: "The version someone else saved" });
  await expect(theirs).toContainText("Tab One (President)");
  await expectFitsAndAccessible(other);

  // As the message says, saving again replaces their version with this one.
  await other.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(status(other, "Draft saved successfully")).toBeVisible();
  await expect(member(other, 1).getByLabel("Name")).toHaveValue("Tab Two");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding, moving and removing members are plain posts that keep what was typed", async ({
    page,
  }, testInfo) => {
    const season = pastSeason(testInfo, 2);
    await signedInAdmin(page, testInfo, "/user-data/content/board/new");
    await seasonInput(page).fill(season);
    await keepMembers(page, 1);
    // A new season is not a document yet: without the page's script, its portraits are uploaded
    // once it is saved (content-editor-portraits.spec.ts), and the form says so.
    const portrait = member(page, 1).getByRole("group", { name: "Portrait (optional)" });
    await expect(portrait).toContainText(
      "Save the season first (press “Save draft”): portraits can be added once it is saved.",
    );
    await expect(portrait.locator("input[type=file]")).toHaveCount(0);
    await member(page, 1).getByLabel("Name").fill("Uma First");
    await page.getByRole("button", { name: "Add a member" }).click();
    await expect(status(page, "Member 2 added at the end. Not saved yet")).toBeVisible();
    await expect(member(page, 1).getByLabel("Name")).toHaveValue("Uma First");
    await member(page, 2).getByLabel("Name").fill("Vic Second");
    await member(page, 2).getByLabel("Position").fill("Webmaster");
    await member(page, 2).getByRole("button", { name: "Move up member 2" }).click();
    await expect(member(page, 1).getByLabel("Name")).toHaveValue("Vic Second");
    await expect(member(page, 1).getByLabel("Position")).toHaveValue("Webmaster");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(status(page, "Draft saved successfully")).toBeVisible();
    await expect(member(page, 1).getByLabel("Name")).toHaveValue("Vic Second");
    await expect(member(page, 2).getByLabel("Name")).toHaveValue("Uma First");
  });
});

test(
  "a new season: refused until right, saved, previewed, published, restored and taken off",
  { tag: "@global-state" },
  async ({ page, browser }, testInfo) => {
    await signedInAdmin(page, testInfo, "/user-data/content");
    await page.getByRole("link", { name: "Add a season" }).click();
    await expect(page).toHaveURL(at("/user-data/content/board/new"));
    const seasonField = seasonInput(page);
    await expect(seasonField).toHaveValue("2026-2027");
    const names = ["Ana Quispe", "Ben Okafor", "Chen Wei"];
    for (const [index, name] of names.entries())
      await member(page, index + 1)
        .getByLabel("Name")
        .fill(name);

    // A wrong pair of years and the fourth position's empty name: each told beside its field.
    await seasonField.fill("2026-2028");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was saved");
    await expect(
      page.getByText("Write the season as two years in a row, like 2026-2027."),
    ).toBeVisible();
    await expect(seasonField).toHaveAttribute("aria-invalid", "true");
    await expect(
      member(page, 4).getByText("Fill in the name, or remove this member."),
    ).toBeVisible();
    await expect(member(page, 3).getByLabel("Name")).toHaveValue("Chen Wei");

    // Keep three members: remove every position after the third.
    await keepMembers(page, 3);
    await expect(status(page, "Not saved yet")).toBeVisible();
    await member(page, 3).getByRole("button", { name: "Move up member 3" }).click();
    await expect(member(page, 2).getByLabel("Name")).toHaveValue("Chen Wei");
    await expect(member(page, 2).getByLabel("Name")).toBeFocused();
    await member(page, 2).getByRole("button", { name: "Move down member 2" }).click();
    // The form is drawn again from the answer: type only once it is there, or the answer would
    // replace what was typed meanwhile.
    await expect(member(page, 3).getByLabel("Name")).toHaveValue("Chen Wei");
    await expect(member(page, 3).getByLabel("Name")).toBeFocused();
    await member(page, 3).getByLabel("Graduation year (optional)").fill("2028");

    // An existing season is refused.
    await seasonField.fill("2025-2026");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page.getByText(/^The 2025-2026 season already exists\./)).toBeVisible();

    await seasonField.fill("2026-2027");

    // Ana's portrait: one file sent with a progress bar (the upload held until it shows), its
    // preview drawn and its alt text prefilled for the editor to improve.
    const token = randomToken();
    const portrait = member(page, 1).getByRole("group", { name: "Portrait (optional)" });
    const release = await holdNextUpload(page, "portrait");
    await portrait.getByLabel("Add a portrait").setInputFiles({
      name: `ana-${token}.jpg`,
      mimeType: "image/jpeg",
      buffer: await makePhoto({ width: 640 + Number.parseInt(token.slice(0, 2), 16), height: 480 }),
    });
    await expect(portrait.locator("progress")).toBeVisible();
    release();
    const portraitAlt = portrait.getByLabel("Portrait alt text (required)");
    await expect(portraitAlt).toHaveValue("Portrait of Ana Quispe");
    await expect(portrait.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
    // Undescribed, it is refused beside its alt text, and the portrait stays in the form.
    await portraitAlt.fill("");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was saved");
    await expect(portrait.getByText(/^Describe what the photo shows/)).toBeVisible();
    await expect(portraitAlt).toBeFocused();
    await expect(portrait.locator("img")).toHaveAttribute("src", /^\/media\//);
    const alt = `Ana Quispe laughing in front of a vowel chart ${token}`;
    await portraitAlt.fill(alt);

    await page.getByRole("button", { name: "Save and preview" }).click();
    await expect(page).toHaveURL(at("/user-data/content/preview/board?season=2026-2027"));
    await expect(page.getByText("Preview — not published.")).toBeVisible();
    await expect(page.locator("#current-board")).toHaveText("2026–2027 Board");
    await expect(page.getByRole("heading", { name: "Chen Wei" })).toBeVisible();
    expect((await publicBoard(browser)).current).toBe("2025–2026 Board");

    await page.getByRole("link", { name: "Back to editing" }).click();
    await expect(page.getByRole("region", { name: "Where this season stands" })).toContainText(
      "Never published",
    );
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(status(page, "Version 1 was published successfully")).toBeVisible();
    let board = await publicBoard(browser);
    expect(board.current).toBe("2026–2027 Board");
    expect(board.text).toContain("Ben Okafor");
    // The uploaded portrait is on the public board, from /media/, with the editor's alt text.
    const visitor = await newSession(browser);
    await visitor.page.goto("/board");
    await expect(visitor.page.getByRole("img", { name: alt })).toHaveAttribute(
      "src",
      /^\/media\/[0-9a-f]{64}\.webp$/,
    );
    await visitor.context.close();

    await member(page, 2).getByLabel("Name").fill("Benedict Okafor");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(status(page, "Version 2 was published successfully")).toBeVisible();
    expect((await publicBoard(browser)).text).toContain("Benedict Okafor");

    await page.getByRole("link", { name: "History", exact: true }).click();
    await expect(page.locator(".content-list__item").first()).toContainText(
      "Edited Benedict Okafor",
    );
    await page.getByRole("link", { name: "Version 1", exact: true }).click();
    await page.getByRole("button", { name: "Restore this version" }).click();
    await expect(status(page, "Version 1 was restored successfully as version 3")).toBeVisible();
    board = await publicBoard(browser);
    expect(board.text).toContain("Ben Okafor");
    expect(board.text).not.toContain("Benedict Okafor");

    // Leave the server's board as it was for the tests after this one.
    await page.goto("/user-data/content/board/2026-2027");
    await expect(member(page, 2).getByLabel("Name")).toHaveValue("Ben Okafor");

    // A saved change can be discarded: the draft goes back to what visitors see.
    await member(page, 2).getByLabel("Name").fill("Ben Draft");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(status(page, "Draft saved successfully")).toBeVisible();
    await page.getByRole("button", { name: "Discard changes" }).click();
    await expect(status(page, "Your changes were discarded successfully")).toBeVisible();
    await expect(member(page, 2).getByLabel("Name")).toHaveValue("Ben Okafor");
    await expect(page.getByRole("button", { name: "Discard changes" })).toHaveCount(0);
    await page.getByRole("button", { name: "Take off the site" }).click();
    await expect(status(page, "taken off the site successfully")).toBeVisible();
    expect((await publicBoard(browser)).current).toBe("2025–2026 Board");
  },
);
