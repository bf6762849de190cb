import { expect, type Page, test } from "@playwright/test";
import { mainNav } from "./support/accounts";
import { adminSession, randomClientAddress, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { disclosureToggle } from "./support/disclosures";
import { elementsWiderThanViewport } from "./support/layout";

// An organiser starts next year's conference from this year's, edits it without JavaScript, is refused
// what cannot be, previews and publishes it; the new edition then drives the public pages and the call
// for abstracts. Publishing makes 2026 the current edition of the whole server, so this spec runs
// alone, after every other (its own project in playwright.config.ts).

const editionPath = "/user-data/content/editions/2026";
const newGuideline = "Tell us in one line which session your work fits best.";

/**
 * Nothing wider than a phone, and nothing axe finds, at 375 px and at the desktop width. The public
 * edition page's side menu scrolls sideways inside itself by design: there only the page must not.
 */
async function expectUsableEverywhere(page: Page, { isEditionPage = false } = {}) {
  await expectNoAxeViolations(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  if (isEditionPage) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  } else expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
  if (size) await page.setViewportSize(size);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save draft" }).first().click();
}

const field = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: true });

test("an organiser starts, edits, previews and publishes next year's conference", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminSession(browser, testInfo, "/user-data/content/editions/new");
  // The whole flow runs without JavaScript, as a plain form would on a phone with scripts off.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context.storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  const page = await context.newPage();
  const checked = admin.page;

  await page.goto("/user-data/content/editions/new");
  await expect(page.getByRole("heading", { name: "Start SCULC 2026" })).toBeVisible();
  await expectUsableEverywhere(checked);
  await page.getByRole("button", { name: "Start SCULC 2026" }).click();
  await expect(page).toHaveURL(new RegExp(`${editionPath}$`));
  const recheck = page.getByRole("region", { name: "Check before publishing" });
  await expect(recheck).toContainText("Sunday, 2026-05-17");
  await expect(recheck.getByRole("link", { name: "Keynote speaker" })).toBeVisible();
  await expect(page.getByText("Never published")).toBeVisible();

  // Starting it again is refused, with the way to the existing draft.
  await page.goto("/user-data/content/editions/new");
  await expect(page.getByText("SCULC 2026 has already been started.")).toBeVisible();
  await page.getByRole("link", { name: "Open the SCULC 2026 draft" }).click();
  await expect(page).toHaveURL(new RegExp(`${editionPath}$`));
  await checked.goto(editionPath);
  await expectUsableEverywhere(checked);

  // Fix the date to the Saturday, and add a guideline: the added line keeps what was typed elsewhere.
  await field(page, "Conference date").fill("2026-05-16");
  await page.getByRole("button", { name: "Add a guideline" }).click();
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
  await expect(field(page, "Conference date")).toHaveValue("2026-05-16");
  await field(page, "Guideline 6").fill(newGuideline);
  // Enter in a field saves the draft (the first button of the form), never a remove button.
  await field(page, "Venue").press("Enter");
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
  await expect(field(page, "Guideline 6")).toHaveValue(newGuideline);
  await page.getByRole("button", { name: "Move up guideline 6" }).click();
  await expect(field(page, "Guideline 5")).toHaveValue(newGuideline);

  // An end before the start, and an empty venue: refused beside their fields, nothing stored, the
  // typed text kept.
  await field(page, "Starts at").fill("17:00");
  await field(page, "Ends at").fill("09:00");
  await field(page, "Venue").fill("");
  await save(page);
  await expect(field(page, "Ends at")).toHaveAccessibleDescription(
    "The end time is after the start time.",
  );
  await expect(field(page, "Venue")).toHaveAccessibleDescription("Fill this in.");
  await expect(field(page, "Starts at")).toHaveValue("17:00");
  await expect(page.getByRole("alert")).toContainText("Nothing was saved");
  await checked.goto(editionPath);
  await expect(field(checked, "Venue")).toHaveValue("Student Center Pavilion and online");
  await expect(field(checked, "Ends at")).toHaveValue("17:30");
  await expectUsableEverywhere(checked);
  await field(page, "Starts at").fill("09:00");
  await field(page, "Ends at").fill("17:30");
  await field(page, "Venue").fill("Student Center Pavilion and online");
  await save(page);
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();

  // A date that does not exist, which no date field offers, posted by hand.
  const revision = await page.locator('input[name="revision"]').first().inputValue();
  const crafted = await page.request.post(editionPath, {
    form: { revision, date: "2026-02-30" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(crafted.status()).toBe(400);
  expect(await crafted.text()).toContain("This date does not exist");
  await checked.goto(editionPath);
  await expect(field(checked, "Conference date")).toHaveValue("2026-05-16");

  // The main page: a javascript: link and a 50,000-character paragraph are refused.
  await page.getByRole("link", { name: "Edit the main page" }).click();
  await expect(page.getByRole("heading", { name: "SCULC 2026: main page" })).toBeVisible();
  const contact = page.getByRole("group", { name: /Links$/ }).last();
  await contact.getByLabel("Web address").first().fill("javascript:alert(1)");
  await save(page);
  await expect(contact.getByLabel("Web address").first()).toHaveAccessibleDescription(
    "Enter a full web address starting with https://.",
  );
  await contact.getByLabel("Web address").first().fill("https://example.edu/check-in");
  const about = page.getByRole("group", { name: "Section 2: Text" });
  await about.getByLabel("Paragraph 1").fill("a".repeat(50_000));
  await save(page);
  await expect(about.getByLabel("Paragraph 1")).toHaveAccessibleDescription(
    "Keep this to 5000 characters (it has 50000).",
  );
  await about
    .getByLabel("Paragraph 1")
    .fill("SCULC is a one-day conference run by undergraduates.");
  await save(page);
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();

  // Sections are added, moved and removed with buttons that keep what was typed.
  const sectionCount = await page.getByRole("group", { name: /^Section \d+: / }).count();
  await page.getByLabel("Kind of section").selectOption({ label: "Text" });
  await page.getByRole("button", { name: "Add the section" }).click();
  const added = page.getByRole("group", { name: `Section ${sectionCount + 1}: Text` });
  await expect(added.getByLabel("Heading")).toHaveValue("Text");
  await added.getByLabel("Heading").fill("Travel and parking");
  await added.getByLabel("Paragraph 1").fill("Park in structure 4; the bus stops at the door.");
  await page.getByRole("button", { name: `Move up section ${sectionCount + 1}` }).click();
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
  const moved = page.getByRole("group", { name: `Section ${sectionCount}: Text` });
  await expect(moved.getByLabel("Heading")).toHaveValue("Travel and parking");
  await page.getByRole("button", { name: `Remove section ${sectionCount}` }).click();
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Section \d+: / })).toHaveCount(sectionCount);
  await checked.goto(page.url());
  await expectUsableEverywhere(checked);

  // A new page, with its own form.
  await page.getByRole("link", { name: "Back to SCULC 2026" }).click();
  await page.getByLabel("Address", { exact: true }).fill("travel");
  await page.getByLabel("Menu label", { exact: true }).fill("Travel");
  await page.getByLabel("Title", { exact: true }).fill("Getting to SCULC 2026");
  await page
    .getByLabel("Description", { exact: true })
    .fill("Directions, parking and transit to the conference.");
  await page.getByRole("button", { name: "Add the page" }).click();
  await expect(page.getByRole("heading", { name: "SCULC 2026: Travel" })).toBeVisible();
  await page.getByRole("link", { name: "Back to SCULC 2026" }).click();
  await page.getByRole("link", { name: "Edit the main page" }).click();

  // The preview: the public page's look from the draft, for editors only, never cached.
  await page.getByRole("link", { name: "Preview the saved draft" }).click();
  await expect(page.getByText("Preview — not published")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "SCULC 2026" })).toBeVisible();
  await expect(
    page.getByText("SCULC is a one-day conference run by undergraduates."),
  ).toBeVisible();
  // The preview's page menu leads to the other pages' previews.
  await page.getByRole("link", { name: "Travel", exact: true }).click();
  await expect(page).toHaveURL(/\/user-data\/content\/editions\/2026\/preview\/travel$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Getting to SCULC 2026" }),
  ).toBeVisible();
  const preview = await page.request.get(page.url());
  expect(preview.headers()["cache-control"]).toBe("private, no-store");
  expect(preview.headers()["x-robots-tag"]).toBe("noindex");
  await checked.goto(page.url());
  await expectUsableEverywhere(checked, { isEditionPage: true });
  expect((await page.request.get("/sculc-2026")).status()).toBe(404);

  await page.getByRole("button", { name: "Publish SCULC 2026" }).click();
  await expect(successMessage(page, "Published successfully")).toBeVisible();

  // Published: the new edition is the current one everywhere at once.
  const visitor = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  const public_ = await visitor.newPage();
  await public_.goto("/sculc");
  await expect(public_).toHaveURL(/\/sculc-2026$/);
  await expect(public_.getByRole("heading", { level: 1, name: "SCULC 2026" })).toBeVisible();
  await expect(public_.getByText("Saturday, May 16, 2026", { exact: true })).toBeVisible();
  if (!testInfo.project.use.isMobile) {
    await disclosureToggle(mainNav(public_), "SCULC").click();
    const links = mainNav(public_).getByRole("link", { name: /^SCULC \d{4}$/ });
    await expect(links.first()).toHaveText("SCULC 2026");
    await expect(links.nth(1)).toHaveText("SCULC 2025");
  }
  const sitemap = await (await public_.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/sculc-2026</loc>");

  // The call for abstracts follows the current edition: its name and guidelines.
  await page.goto("/sculc/submit-abstract");
  await expect(page.getByText(/Present your research at SCULC 2026\./)).toBeVisible();
  await expect(page.getByText(newGuideline)).toBeVisible();

  // With JavaScript the form answers the same way (the page script adds pending labels and the lock).
  // Its answer is the post's own page, so the form is opened again by its address: a reload would
  // post it again.
  await checked.goto(editionPath);
  const count = await checked.getByLabel(/^Guideline \d+$/).count();
  await checked.getByRole("button", { name: "Add a guideline" }).click();
  await expect(successMessage(checked, "Draft saved successfully")).toBeVisible();
  await field(checked, `Guideline ${count + 1}`).fill("Posters are A1, portrait.");
  await field(checked, "Venue").fill("");
  await save(checked);
  await expect(field(checked, "Venue")).toHaveAccessibleDescription("Fill this in.");
  await expect(field(checked, `Guideline ${count + 1}`)).toHaveValue("Posters are A1, portrait.");
  await field(checked, "Venue").fill("Student Center Pavilion and online");
  await save(checked);
  await expect(checked.getByText("changes saved since that visitors do not see yet")).toBeVisible();
  await checked.goto(editionPath);
  await expect(field(checked, `Guideline ${count + 1}`)).toHaveValue("Posters are A1, portrait.");

  // Two editors: the second save over the first is refused, and the typed text stays.
  await page.goto(editionPath);
  await checked.goto(editionPath);
  await field(checked, "Venue").fill("Student Center, Hall A");
  await save(checked);
  await expect(successMessage(checked, "Draft saved successfully")).toBeVisible();
  await field(page, "Venue").fill("Student Center, Hall B");
  await save(page);
  await expect(page.getByRole("alert")).toContainText(
    "Someone else saved this edition since you opened it",
  );
  await expect(field(page, "Venue")).toHaveValue("Student Center, Hall B");
  await checked.goto(editionPath);
  await expect(field(checked, "Venue")).toHaveValue("Student Center, Hall A");

  // A page leaves the draft in two steps; visitors keep it until the next publish.
  const pages = checked.getByRole("region", { name: "Pages and sections" });
  await pages.locator("summary", { hasText: "Travel" }).click();
  await expectUsableEverywhere(checked);
  await pages.screenshot({ path: testInfo.outputPath("pages-list.png") });
  await pages.getByRole("button", { name: "Remove the page “Travel”" }).click();
  await expect(successMessage(checked, "Draft saved successfully")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Edit the page “Travel”" })).toHaveCount(0);
  expect((await public_.request.get("/sculc-2026-travel")).status()).toBe(200);

  await visitor.close();
  await context.close();
  await admin.context.close();
});
