import { type Browser, expect, type Page, test } from "@playwright/test";
import { adminSession, randomToken, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";

// The page forms of the admin area: the home page's words, the footer, events and NACLO, edited,
// previewed and published. Publishing changes what every visitor sees (home.spec.ts checks the
// footer's mailbox), so the tests that publish are @global-state: they run alone, after the other
// projects. They run one after another, since they edit the same few documents.
test.describe.configure({ mode: "default" });

const saved = /saved successfully/;
const published = "Published successfully: visitors see this version now.";

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

function fieldError(page: Page, name: string) {
  return page.locator(`#field-${name.replace(/\./g, "-")}-error`);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await elementsWiderThanViewport(page)).toEqual([]);
}

/** A public page's carousel scrolls inside itself: only the page's own width counts. */
async function expectPageFitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("page forms", () => {
  test("each form and its preview fit the screen, pass axe and are reached by keyboard", async ({
    browser,
  }, testInfo) => {
    const { page, context } = await adminSession(browser, testInfo, "/user-data/content/home");
    for (const [form, heading] of [
      ["home", "Home page"],
      ["footer", "Footer and social links"],
      ["naclo", "NACLO"],
      ["events", "Events"],
    ] as const) {
      await page.goto(`/user-data/content/${form}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      // The buttons are reachable from the last field by Tab.
      await page.getByRole("button", { name: "Save draft" }).focus();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Publish" })).toBeFocused();

      const response = await page.goto(`/user-data/content/preview/${form}`);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      await expect(page.getByText("Preview — not published")).toBeVisible();
      await expectPageFitsWidth(page);
      await expectNoAxeViolations(page);
    }
    await context.close();
  });
});

test.describe("publishing page content", () => {
  test("the home page's words: preview, publish, refusals and two tabs @global-state", async ({
    browser,
  }, testInfo) => {
    const token = randomToken();
    const tagline = `Words about words ${token}.`;
    const { page, context } = await adminSession(browser, testInfo, "/user-data/content/home");
    const public_ = await visitor(browser);
    const dialogs: string[] = [];
    public_.page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.getByLabel("Tagline").fill(tagline);
    await page
      .getByLabel("About us")
      .fill(`We meet on Tuesdays ${token}.\n\n<script>alert(1)</script>`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(successMessage(page, saved)).toBeVisible();

    await page.getByRole("link", { name: "Preview the saved draft" }).click();
    await expect(page.getByText("Preview — not published")).toBeVisible();
    await expect(page.getByText(tagline)).toBeVisible();
    await public_.page.goto("/");
    await expect(public_.page.getByText(tagline)).toHaveCount(0);

    await page.goto("/user-data/content/home");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(successMessage(page, published)).toBeVisible();
    await public_.page.goto("/");
    await expect(public_.page.getByText(tagline)).toBeVisible();
    await expect(public_.page.getByText(`We meet on Tuesdays ${token}.`)).toBeVisible();
    // Markup an editor types is shown as text, never run.
    await expect(public_.page.getByText("<script>alert(1)</script>")).toBeVisible();
    expect(dialogs).toEqual([]);

    // An empty tagline is refused beside its field; the rest stays as typed; nothing is stored.
    await page.getByLabel("Tagline").fill("   ");
    await page.getByLabel("Stay in touch").fill(`Typed but refused ${token}`);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was saved");
    await expect(fieldError(page, "tagline")).toHaveText("Fill this in.");
    await expect(page.getByLabel("Tagline")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Stay in touch")).toHaveValue(`Typed but refused ${token}`);
    await page.goto("/user-data/content/home");
    await expect(page.getByLabel("Tagline")).toHaveValue(tagline);
    await public_.page.goto("/");
    await expect(public_.page.getByText(tagline)).toBeVisible();

    // Enter in a field saves the draft, like the Save button.
    await page.getByLabel("Tagline").fill(`${tagline} Enter`);
    await page.getByLabel("Tagline").press("Enter");
    await expect(successMessage(page, saved)).toBeVisible();

    // Two tabs: the second save is refused and keeps its text; saving again replaces the first.
    const second = await context.newPage();
    await second.goto("/user-data/content/home");
    await page.goto("/user-data/content/home");
    await page.getByLabel("Tagline").fill(`First tab ${token}`);
    await second.getByLabel("Tagline").fill(`Second tab ${token}`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(successMessage(page, saved)).toBeVisible();
    await second.getByRole("button", { name: "Save draft" }).click();
    await expect(second.getByRole("alert")).toContainText(
      "Someone else saved this page while you were editing",
    );
    await expect(second.getByLabel("Tagline")).toHaveValue(`Second tab ${token}`);
    await second.getByRole("button", { name: "Save draft" }).click();
    await expect(successMessage(second, saved)).toBeVisible();
    await page.goto("/user-data/content/home");
    await expect(page.getByLabel("Tagline")).toHaveValue(`Second tab ${token}`);

    await public_.context.close();
    await context.close();
  });

  test("an event is added, refused until its times and link are right, and listed @global-state", async ({
    browser,
  }, testInfo) => {
    const token = randomToken();
    const title = `Trivia night ${token}`;
    const { page, context } = await adminSession(browser, testInfo, "/user-data/content/events");
    await page.getByRole("button", { name: "Add an event" }).click();
    await expect(successMessage(page, /A new event was added/)).toBeVisible();
    const event = page.locator(".page-form__item").last();
    await event.getByLabel("Title").fill(title);
    const inAMonth = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await event.getByLabel("Date").fill(inAMonth);
    await event.getByLabel("Starts").fill("18:00");
    await event.getByLabel("Ends").fill("17:00");
    await event.getByLabel("Place").fill("Room 210");
    await event.getByLabel("Link (optional)").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was saved");
    const refused = page.locator(".page-form__item").last();
    await expect(refused.getByText("The end time must be after the start time.")).toBeVisible();
    await expect(refused.getByText(/Give a page of this site, like \/naclo/)).toBeVisible();
    await expect(refused.getByLabel("Title")).toHaveValue(title);

    await refused.getByLabel("Ends").fill("20:00");
    await refused.getByLabel("Link (optional)").fill("/naclo");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(successMessage(page, published)).toBeVisible();

    const public_ = await visitor(browser);
    await public_.page.goto("/events");
    const upcoming = public_.page.getByRole("list", { name: "Upcoming" });
    await expect(upcoming.getByRole("link", { name: title })).toHaveAttribute("href", "/naclo");
    await expect(upcoming.getByText("6:00 PM to 8:00 PM · Room 210")).toBeVisible();
    await public_.context.close();
    await context.close();
  });

  test("the footer's contact email changes on every page; social links move @global-state", async ({
    browser,
  }, testInfo) => {
    const email = `society-${randomToken()}@example.edu`;
    const { page, context } = await adminSession(browser, testInfo, "/user-data/content/footer");
    const firstLabel = await page.getByLabel("Name").first().inputValue();
    await page.getByRole("button", { name: "Move social link 1 down" }).click();
    await expect(successMessage(page, /was moved/)).toBeVisible();
    await expect(page.getByLabel("Name").nth(1)).toHaveValue(firstLabel);
    await page.getByLabel("Contact email").fill(email);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(successMessage(page, published)).toBeVisible();

    const public_ = await visitor(browser);
    for (const path of ["/", "/events", "/naclo", "/board", "/sculc-2025"]) {
      await public_.page.goto(path);
      await expect(
        public_.page.getByRole("contentinfo").getByRole("link", { name: email }),
      ).toHaveAttribute("href", `mailto:${email}`);
    }
    await public_.context.close();
    await context.close();
  });

  test("NACLO refuses a training session that ends before it starts, its fields locked while it answers @global-state", async ({
    browser,
  }, testInfo) => {
    const { page, context } = await adminSession(browser, testInfo, "/user-data/content/naclo");
    const training = page.getByRole("group", { name: "Training session" });
    const before = await training.getByLabel("Ends", { exact: true }).inputValue();
    await training.getByLabel("Starts", { exact: true }).fill("10:00");
    await training.getByLabel("Ends", { exact: true }).fill("09:30");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(fieldError(page, "trainingSession.endTime")).toHaveText(
      "The end time must be after the start time.",
    );
    await expect(training.getByLabel("Ends", { exact: true })).toHaveValue("09:30");

    // While a post is on its way the fields are locked: the answer is a new page, and text typed
    // meanwhile would be lost with this one. (The form is a document: the browser posts it.)
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      "**/user-data/content/naclo",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
      { times: 1 },
    );
    // Pressed and looked at from the page: Playwright's click and locators would wait for the held
    // post's page. The lock is set once the browser has read the fields.
    const locked = await page
      .getByRole("button", { name: "Save draft" })
      .evaluate(async (button: HTMLButtonElement) => {
        button.click();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return document.querySelector("#field-trainingSession-startTime")?.matches(":disabled");
      });
    expect(locked).toBe(true);
    release();
    await expect(fieldError(page, "trainingSession.endTime")).toBeVisible();
    await expect(training.getByLabel("Starts", { exact: true })).toBeEnabled();
    await expect(training.getByLabel("Ends", { exact: true })).toHaveValue("09:30");

    // A draft that embeds a new host: its preview may frame it, visitors' pages may not (yet).
    await page.goto("/user-data/content/naclo");
    const embed = page.getByLabel("Address to show on the page");
    const publishedEmbed = await embed.inputValue();
    await embed.fill("https://forms.example.org/naclo/viewform?embedded=true");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
    const preview = await page.request.get("/user-data/content/preview/naclo");
    const previewPolicy = preview.headers()["content-security-policy"] ?? "";
    expect(previewPolicy).toMatch(/frame-src [^;]*https:\/\/forms\.example\.org/);
    expect(preview.headers()["x-preview-frame-origins"]).toBeUndefined();
    const visitors = await page.request.get("/naclo");
    expect(visitors.headers()["content-security-policy"]).not.toContain("forms.example.org");
    await page.goto("/user-data/content/naclo");
    await page.getByLabel("Address to show on the page").fill(publishedEmbed);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
    await page.goto("/user-data/content/naclo");
    await expect(
      page.getByRole("group", { name: "Training session" }).getByLabel("Ends", { exact: true }),
    ).toHaveValue(before);
    await context.close();
  });

  test("the lists work without JavaScript: add, fill, save and remove a social link @global-state", async ({
    browser,
  }, testInfo) => {
    const token = randomToken();
    const signedIn = await adminSession(browser, testInfo, "/user-data/content/footer");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await signedIn.context.storageState(),
    });
    await signedIn.context.close();
    const page = await context.newPage();
    await page.goto("/user-data/content/footer");
    const count = await page.locator(".page-form__item").count();
    await page.getByLabel("Contact email").fill(`kept-${token}@example.edu`);
    await page.getByRole("button", { name: "Add a social link" }).click();
    await expect(page.locator(".page-form__item")).toHaveCount(count + 1);
    // What was typed before pressing Add is still there, and was saved with it.
    await expect(page.getByLabel("Contact email")).toHaveValue(`kept-${token}@example.edu`);
    const added = page.locator(".page-form__item").last();
    await added.getByLabel("Name").fill(`Mastodon ${token}`);
    await added.getByLabel("What people find there").fill("Posts");
    await added.getByLabel("Link", { exact: true }).fill("https://social.example/@uls");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft saved successfully");
    await page.goto("/user-data/content/footer");
    await expect(page.locator(".page-form__item").last().getByLabel("Name")).toHaveValue(
      `Mastodon ${token}`,
    );
    await page.getByRole("button", { name: `Remove social link ${count + 1}` }).click();
    await expect(page.locator(".page-form__item")).toHaveCount(count);
    await page.goto("/user-data/content/footer");
    await expect(page.locator(".page-form__item")).toHaveCount(count);
    await expect(page.getByLabel("Contact email")).toHaveValue(`kept-${token}@example.edu`);
    await context.close();
  });
});
