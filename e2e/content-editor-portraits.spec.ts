import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { makePhoto } from "../tests/support/image-fixtures";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { useOwnClientAddress } from "./support/accounts";
import { newSession, randomToken, signedInAdmin } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { disclosureToggle } from "./support/disclosures";
import { holdNextUpload } from "./support/held-uploads";
import { elementsWiderThanViewport } from "./support/layout";

// A board member's portrait without JavaScript (and, at the end, with the season form's script): each saved member's file field posts, by a small form
// of its own, to the season's portrait route, which comes back to the season form with the picture on
// that member (alt text prefilled, not saved until "Save draft") or the refusal beside it. "Remove the
// portrait" is a button of the season form.
//
// The drafts here are of seasons long past (1990 to 2001), which sort after every real season; the test
// that publishes one changes the public board page, so it is @global-state (it runs alone, last) and
// takes its season off the site at the end.

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const status = (scope: Page | Locator, text: string | RegExp) =>
  scope.getByRole("status").filter({ hasText: text });

const member = (page: Page, place: number) =>
  page.getByRole("group", { name: `Member ${place}`, exact: true });

const portraitOf = (page: Page, place: number) =>
  member(page, place).getByRole("group", { name: "Portrait (optional)" });

function pastSeason(testInfo: TestInfo, offset: number): string {
  // The range of content-editor.spec.ts: one per project, desktop's from 1990, mobile's from 1996.
  const first = 1990 + (testInfo.project.name === "mobile" ? 6 : 0) + offset;
  return `${first}-${first + 1}`;
}

/**
 * A saved draft season of the members named, the page left on its form. The season is saved by the
 * form's own post (adding and removing members without JavaScript, a round trip each, is tested in
 * content-editor.spec.ts).
 */
async function draftSeason(page: Page, season: string, names: string[]) {
  await page.goto("/user-data/content/board/new");
  // A new season is not a document yet: its portraits come once it is saved.
  await expect(portraitOf(page, 1)).toContainText(
    "Save the season first (press “Save draft”): portraits can be added once it is saved.",
  );
  await expect(portraitOf(page, 1).locator("input[type=file]")).toHaveCount(0);
  await saveSeason(page, season, names);
}

/** Saves a new season of the members named by a post of its form; the page is left on its form. */
async function saveSeason(page: Page, season: string, names: string[]) {
  const form: Record<string, string> = { season, basedOn: "", intent: "save" };
  for (const [index, name] of names.entries()) {
    form[`members.${index}.name`] = name;
    form[`members.${index}.position`] = `Position ${index + 1}`;
  }
  const saved = await page.request.post("/user-data/content/board/new", {
    form,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  expect(saved.headers().location).toBe(`/user-data/content/board/${season}?saved=1`);
  await page.goto(`/user-data/content/board/${season}`);
  await expect(member(page, names.length).getByLabel("Name")).toHaveValue(names.at(-1) ?? "");
}

async function photo(token: string) {
  return {
    name: `portrait-${token}.jpg`,
    mimeType: "image/jpeg",
    buffer: await makePhoto({ width: 600 + Number.parseInt(token.slice(0, 2), 16), height: 800 }),
  };
}

test("a portrait is added to its member, refused files are said beside it, it is removed by a button, and a signed-out upload says so", async ({
  page,
  browser,
}, testInfo) => {
  const token = randomToken();
  const season = pastSeason(testInfo, 4);
  const [first, second] = [`Ida First ${token}`, `Jon Second ${token}`];
  await signedInAdmin(page, testInfo, "/user-data/content");
  await draftSeason(page, season, [first, second]);

  const portrait = portraitOf(page, 2);
  await expect(
    portrait.getByText(/^A JPEG, PNG or WebP photo up to 15 MB.*Save your changes first/),
  ).toBeVisible();

  // A PDF named .jpg: refused beside the member's portrait, nothing added.
  await portrait.getByLabel("Add a portrait").setInputFiles({
    name: `scan-${token}.jpg`,
    mimeType: "image/jpeg",
    buffer: await makeAbstractPdf(),
  });
  await portrait.getByRole("button", { name: "Upload the portrait of member 2" }).click();
  await expect(portrait.getByRole("alert")).toHaveText(
    "The portrait was not added. This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
  );
  // Back in the file field, which the refusal describes.
  await expect(portrait.getByLabel("Add a portrait")).toBeFocused();
  await expect(portrait.getByLabel("Add a portrait")).toHaveAccessibleDescription(
    /^The portrait was not added\. This file is a PDF/,
  );
  await expect(portrait.locator("img")).toHaveCount(0);
  await expect(portrait.getByLabel("Portrait alt text (required)")).toHaveCount(0);

  // A photo: on member 2 only, its alt text prefilled and focused, not saved yet.
  await portrait.getByLabel("Add a portrait").setInputFiles(await photo(token));
  await portrait.getByRole("button", { name: "Upload the portrait of member 2" }).click();
  await expect(
    status(portrait, `The portrait of ${second} was uploaded successfully`),
  ).toBeVisible();
  const alt = portrait.getByLabel("Portrait alt text (required)");
  await expect(alt).toHaveValue(`Portrait of ${second}`);
  await expect(alt).toBeFocused();
  await expect(portrait.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
  await expect(portraitOf(page, 1).locator("img")).toHaveCount(0);
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  // axe runs as a script: the same page, in a context of the same editor whose page scripts are
  // refused, so the markup is the one without JavaScript.
  const checker = await browser.newContext({
    // (Contexts made in a test take its options: without this, this one would have no JavaScript
    // either, and axe would never finish.)
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  const checked = await checker.newPage();
  await checked.route("**/assets/**/*.js", (route) => route.abort());
  await checked.goto(page.url());
  await expect(
    portraitOf(checked, 2).getByRole("button", { name: "Upload the portrait of member 2" }),
  ).toBeVisible();
  await expectNoAxeViolations(checked);
  await checker.close();
  // Not in the draft until saved: the form opened afresh has no portrait.
  const fresh = await page.context().newPage();
  await fresh.goto(`/user-data/content/board/${season}`);
  await expect(portraitOf(fresh, 2).getByLabel("Add a portrait")).toBeVisible();
  await expect(portraitOf(fresh, 2).locator("img")).toHaveCount(0);
  await fresh.close();

  await alt.fill(`Jon smiling in a green scarf ${token}`);
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(status(page, "Draft saved successfully")).toBeVisible();
  await expect(portrait.getByLabel("Portrait alt text (required)")).toHaveValue(
    `Jon smiling in a green scarf ${token}`,
  );
  await expect(portrait.locator("img")).toHaveAttribute("src", /^\/media\//);
  await expect(portrait.getByLabel("Replace the portrait")).toBeVisible();

  // Removing it: a button of the season form, which saves nothing until "Save draft".
  await member(page, 1).getByLabel("Major (optional)").fill("Phonology");
  await portrait.getByRole("button", { name: "Remove the portrait of member 2" }).click();
  await expect(
    status(page, `The portrait of ${second} was removed. Not saved yet: press “Save draft”`),
  ).toBeVisible();
  await expect(portrait.locator("img")).toHaveCount(0);
  await expect(portrait.getByLabel("Add a portrait")).toBeFocused();
  // What was typed elsewhere is kept.
  await expect(member(page, 1).getByLabel("Major (optional)")).toHaveValue("Phonology");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(status(page, "Draft saved successfully")).toBeVisible();
  await expect(portrait.locator("img")).toHaveCount(0);
  await expect(member(page, 1).getByLabel("Major (optional)")).toHaveValue("Phonology");

  // Signed out meanwhile: the upload says so, with a way to sign in and back.
  await page.context().clearCookies();
  await portrait.getByLabel("Add a portrait").setInputFiles(await photo(token));
  await portrait.getByRole("button", { name: "Upload the portrait of member 2" }).click();
  await expect(
    page.getByRole("heading", { name: "Portrait not uploaded", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    /^You were signed out while editing, so the picture was not uploaded\. Sign in again/,
  );
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/user-data/content/board/${season}`)}`,
  );
  await expect(page.getByRole("link", { name: "Back to the season's form" })).toHaveAttribute(
    "href",
    `/user-data/content/board/${season}`,
  );
});

test(
  "a portrait added without JavaScript is saved, published and shown on the public board",
  { tag: "@global-state" },
  async ({ page, browser }, testInfo) => {
    const token = randomToken();
    const season = pastSeason(testInfo, 5);
    const name = `Kai Portrait ${token}`;
    await signedInAdmin(page, testInfo, "/user-data/content");
    await draftSeason(page, season, [name]);

    const portrait = portraitOf(page, 1);
    await portrait.getByLabel("Add a portrait").setInputFiles(await photo(token));
    await portrait.getByRole("button", { name: "Upload the portrait of member 1" }).click();
    const alt = portrait.getByLabel("Portrait alt text (required)");
    await expect(alt).toHaveValue(`Portrait of ${name}`);
    const description = `Kai holding a spectrogram printout ${token}`;
    await alt.fill(description);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(status(page, "Version 1 was published successfully")).toBeVisible();

    const visitor = await newSession(browser);
    await visitor.page.goto("/board");
    const heading = `${season.replace("-", "–")} Board`;
    await disclosureToggle(visitor.page, heading).click();
    await expect(visitor.page.getByRole("img", { name: description })).toHaveAttribute(
      "src",
      /^\/media\/[0-9a-f]{64}\.webp$/,
    );

    // Leave the public board as it was for whatever runs next.
    await page.getByRole("button", { name: "Take off the site" }).click();
    await expect(status(page, "taken off the site successfully")).toBeVisible();
    await visitor.page.goto("/board");
    await expect(disclosureToggle(visitor.page, heading)).toHaveCount(0);
    await visitor.context.close();
  },
);

test.describe("with the season form's script", () => {
  test.use({ javaScriptEnabled: true });

  test("a portrait is uploaded in place, for a member not saved yet too; a refused file is said below it, and a removal saves nothing until the form is", async ({
    page,
  }, testInfo) => {
    const token = randomToken();
    const season = pastSeason(testInfo, 3);
    const first = `Ida Script ${token}`;
    await signedInAdmin(page, testInfo, "/user-data/content");

    // "Add a season" is a document, and its script gives every member the field that uploads at once.
    await page.goto("/user-data/content/board/new");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expect(portraitOf(page, 1).getByLabel("Add a portrait")).toBeVisible();
    await expect(portraitOf(page, 1)).toContainText(
      "A JPEG, PNG or WebP photo up to 15 MB; it is cropped square. Saved with the form.",
    );
    await expect(portraitOf(page, 1)).not.toContainText("Save the season first");
    await saveSeason(page, season, [first]);

    // A member added and not saved yet (no id): the same field, and no upload form of its own.
    await page.getByRole("button", { name: "Add a member" }).click();
    await expect(status(page, "Member 2 added at the end. Not saved yet")).toBeVisible();
    const portrait = portraitOf(page, 2);
    const addField = portrait.getByLabel("Add a portrait");
    await expect(addField).toBeVisible();
    await expect(portrait.getByRole("button", { name: /^Upload the portrait/ })).toHaveCount(0);
    await expect(portrait.getByRole("button", { name: /^Remove the portrait/ })).toHaveCount(0);

    // A PDF named .jpg: refused below the field, which is ready for another file.
    await addField.setInputFiles({
      name: `scan-${token}.jpg`,
      mimeType: "image/jpeg",
      buffer: await makeAbstractPdf(),
    });
    await expect(portrait.getByRole("alert")).toContainText("PDF");
    await expect(addField).toBeEnabled();
    await expect(portrait.locator("img")).toHaveCount(0);
    await expect(portrait.getByLabel("Portrait alt text (required)")).toHaveCount(0);

    // A photo while the member's name is empty: the alt text starts with "Portrait of ".
    await addField.setInputFiles(await photo(token));
    const alt = portrait.getByLabel("Portrait alt text (required)");
    await expect(alt).toHaveValue("Portrait of ");
    await expect(alt).toBeFocused();
    await expect(portrait.getByRole("alert")).toHaveCount(0);
    await expect(portrait.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
    await expect(portrait.getByLabel("Replace the portrait")).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await elementsWiderThanViewport(page)).toEqual([]);

    // Removed in the page: the preview and the alt text go, the cursor goes to the file field.
    await portrait.getByRole("button", { name: "Remove the portrait of member 2" }).click();
    await expect(portrait.locator("img")).toHaveCount(0);
    await expect(alt).toHaveCount(0);
    await expect(addField).toBeFocused();
    await expect(portrait.getByRole("button", { name: /^Remove the portrait/ })).toHaveCount(0);

    // Again with the name typed, held until the progress shows: the field is disabled meanwhile.
    const second = `Lee Script ${token}`;
    await member(page, 2).getByLabel("Name").fill(second);
    await member(page, 2).getByLabel("Position").fill("Webmaster");
    const release = await holdNextUpload(page, "portrait");
    await addField.setInputFiles(await photo(randomToken()));
    await expect(portrait.locator("progress")).toBeVisible();
    await expect(addField).toBeDisabled();
    // Saved while the portrait is still going up: leaving now would stop the upload, so the save
    // waits, says so, and goes on by itself once the portrait is in the form.
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Saving as soon as the files have finished uploading" }),
    ).toBeVisible();
    await expect(status(page, "Draft saved successfully")).toHaveCount(0);
    release();
    await expect(status(page, "Draft saved successfully")).toBeVisible();
    await expect(portrait.locator("img")).toHaveAttribute("src", /^\/media\//);
    await expect(alt).toHaveValue(`Portrait of ${second}`);
    await expect(portrait.getByLabel("Replace the portrait")).toBeVisible();

    // Removed, then the form saved: the draft has no portrait.
    await portrait.getByRole("button", { name: "Remove the portrait of member 2" }).click();
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(status(page, "Draft saved successfully")).toBeVisible();
    await expect(member(page, 2).getByLabel("Name")).toHaveValue(second);
    await expect(portrait.locator("img")).toHaveCount(0);
    await expect(portrait.getByLabel("Add a portrait")).toBeVisible();
  });
});
