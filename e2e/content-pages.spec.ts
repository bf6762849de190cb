import { expect, type Page, test } from "@playwright/test";
import { disclosureToggle, expectExpanded } from "./support/disclosures";
import { contentPagePaths } from "./support/pages";

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("every content page", () => {
  for (const path of contentPagePaths) {
    test(`${path} renders in the layout with its own title, description and no sideways scroll`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      expect(await page.title()).toMatch(/· Undergraduate Linguistics Society$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        /^http:\/\/localhost:\d+\/assets\/.+\.webp$/,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path}$`),
      );
      await expectNoSidewaysScroll(page);
    });
  }
});

test.describe("board", () => {
  test("shows the 2025-2026 board and opens past boards one at a time", async ({ page }) => {
    await page.goto("/board");
    const current = page.getByRole("region", { name: "2025–2026 Board" });
    await expect(current.getByRole("article")).toHaveCount(13);
    const president = current.getByRole("article").first();
    await expect(president.getByText("President", { exact: true })).toBeVisible();
    for (const label of ["Pronouns", "Pronunciation", "Major", "Class of", "Favourite drink"]) {
      await expect(president.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(president.getByRole("img")).toHaveAttribute("alt", /^Illustrated portrait of /);

    for (const season of ["2024–2025", "2023–2024", "2022–2023"]) {
      const toggle = disclosureToggle(page, `${season} Board`);
      await expectExpanded(toggle, false);
      const body = toggle.locator("xpath=..").locator(".collapsible__body");
      await expect(body).toBeHidden();
      await toggle.click();
      await expectExpanded(toggle, true);
      await expect(body.getByRole("article")).toHaveCount(9);
      // The arrow turns half a circle when the season opens.
      await expect
        .poll(() =>
          toggle
            .locator(".collapsible__arrow")
            .evaluate((element) => getComputedStyle(element).transform),
        )
        .toBe("matrix(-1, 0, 0, -1, 0, 0)");
      // The keyboard toggles it too.
      await toggle.press("Enter");
      await expect(body).toBeHidden();
      await toggle.press("Space");
      await expect(body).toBeVisible();
      await toggle.click();
      await expect(body).toBeHidden();
    }
  });

  test("shows only photo, position, name, major and year for 2022-2023", async ({ page }) => {
    await page.goto("/board");
    await disclosureToggle(page, "2022–2023 Board").click();
    const card = page.getByRole("region", { name: "Past boards" }).getByRole("article").last();
    await expect(card.getByRole("img")).toBeVisible();
    const labels = await card.locator("dt").allTextContents();
    expect(labels.every((label) => label === "Major" || label === "Class of")).toBe(true);
  });
});

test.describe("NACLO", () => {
  test("gives the open round, the training session, the room and the form", async ({ page }) => {
    await page.goto("/naclo");
    const openRound = page.getByRole("article").filter({ hasText: "Open Round" });
    await expect(openRound).toContainText("Thursday, January 23, 2025");
    await expect(openRound).toContainText("9:00 AM to 12:00 PM");
    await expect(openRound).toContainText("8:30 AM");
    await expect(openRound).toContainText("a black pen and a pencil");
    await expect(openRound).toContainText(/Hall, Room \d+/);
    const training = page.getByRole("article").filter({ hasText: "training session" });
    await expect(training).toContainText("Saturday, January 18, 2025");
    await expect(training).toContainText("9:00 AM to 12:00 PM");
    await expect(page.getByRole("link", { name: /attendance form/ })).toHaveAttribute(
      "href",
      /^https:\/\/docs\.google\.com\/forms\//,
    );
  });

  test("loads the external form only when asked", async ({ page }) => {
    await page.goto("/naclo");
    await expect(page.locator("iframe")).toHaveCount(0);
    // The closed network here cannot reach the form; block it so the test never waits on it.
    await page.route("https://docs.google.com/**", (route) => route.abort());
    await page.getByRole("button", { name: "Show the form here" }).click();
    await expect(page.locator("iframe")).toHaveAttribute("title", "NACLO 2025 attendance form");
    // Keyboard users land in the frame they asked for.
    await expect(page.locator("iframe")).toBeFocused();
  });

  test("without JavaScript, offers the form as a link and requests nothing from its site", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const external: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname === "docs.google.com") external.push(request.url());
    });
    await page.goto(new URL("/naclo", baseURL).href);
    await expect(page.getByRole("button", { name: "Show the form here" })).toBeHidden();
    await expect(page.getByRole("link", { name: /attendance form/ })).toBeVisible();
    expect(external).toEqual([]);
    await context.close();
  });
});

test.describe("events", () => {
  test("lists upcoming events first, then past events linking to their pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "All events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole("heading", { name: "Upcoming" })).toBeVisible();
    const past = page.getByRole("list", { name: "Past events" });
    await expect(past.getByRole("link", { name: "SCULC 2025" })).toHaveAttribute(
      "href",
      "/sculc-2025",
    );
    await expect(past.getByRole("link", { name: /NACLO 2025 Open Round/ })).toHaveAttribute(
      "href",
      "/naclo",
    );
  });
});

test.describe("SCULC 2025", () => {
  test("/sculc leads to the current edition", async ({ page }) => {
    await page.goto("/sculc");
    await expect(page).toHaveURL(/\/sculc-2025$/);
  });

  test("has the event details, the deadline and the conference's facts", async ({ page }) => {
    await page.goto("/sculc-2025");
    const details = page.getByRole("region", { name: "Event details" });
    await expect(details).toContainText("Saturday, May 17, 2025");
    await expect(details).toContainText("9:00 AM to 5:30 PM");
    await expect(details).toContainText("8:30 AM");
    await expect(details).toContainText("11:30 AM to 1:00 PM");
    await expect(details).toContainText("Pavilion");
    await expect(details).toContainText(/online/i);
    await expect(details).toContainText(/Free/);
    await expect(details).toContainText("March 21, 2025, 11:59 PM");
    const about = page.getByRole("region", { name: "About SCULC" });
    await expect(about).toContainText("2010");
    await expect(about).toContainText("12 undergraduate researchers");
    await expect(page.getByRole("link", { name: /Open the program \(PDF\)/ })).toHaveAttribute(
      "href",
      /\.pdf$/,
    );
    const contact = page.getByRole("region", { name: "Contact info" });
    for (const name of [/Check in/, /video meeting/, /mailing list/]) {
      await expect(contact.getByRole("link", { name })).toBeVisible();
    }
  });

  test("side menu anchors move to their sections", async ({ page }) => {
    // What is tested is where each link leads. With smooth scrolling a busy machine was still scrolling
    // from one jump when the next link was clicked, and the click could land beside it; the site
    // scrolls at once for a visitor who asks for reduced motion.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/sculc-2025");
    const menu = page.getByRole("navigation", { name: "On this page" });
    const anchors = [
      ["Event details", "event-details"],
      ["About SCULC", "about"],
      ["Keynote speaker", "keynote-speaker"],
      ["Program", "program"],
      ["Presentations", "presentations"],
      ["Contact info", "contact-info"],
    ];
    for (const [name, id] of anchors) {
      await menu.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id} h2`)).toBeInViewport();
    }
  });

  test("has four collapsible presentations whose slides load on request", async ({ page }) => {
    await page.goto("/sculc-2025");
    const presentations = page.getByRole("region", { name: "Presentations" });
    // The content's four; presenters' published materials (presenters-materials.spec) come after them.
    const toggles = presentations
      .locator("details")
      .filter({ has: page.locator('a[href^="https://docs.google.com/"]') })
      .locator("summary");
    await expect(toggles).toHaveCount(4);
    await expect(presentations.locator("details[open]")).toHaveCount(0);
    await toggles.first().click();
    await expect(presentations.locator("details[open]")).toHaveCount(1);
    await page.route("https://docs.google.com/**", (route) => route.abort());
    await presentations
      .getByRole("button", { name: /Show the (slides|poster) here/ })
      .first()
      .click();
    await expect(presentations.locator("iframe")).toHaveCount(1);
  });
});

test.describe("archived editions", () => {
  test("2024 has concluded, points to 2025, and shows its closed call", async ({ page }) => {
    await page.goto("/sculc-2024");
    await expect(page.getByText("SCULC 2024 has concluded.")).toBeVisible();
    await expect(page.getByRole("link", { name: "See SCULC 2025" })).toHaveAttribute(
      "href",
      "/sculc-2025",
    );
    await expect(page.getByRole("region", { name: "Event details" })).toContainText(
      "Saturday, May 18, 2024",
    );
    const call = page.getByRole("region", { name: "Call for abstracts" });
    await expect(call).toContainText("Closed");
    await expect(call).toContainText("March 24, 2024, 11:59 PM");
    await expect(call).toContainText("500 words");
    await expect(call).toContainText("PDF");
    await expect(call).toContainText(/principal investigator/);
    await expect(page.getByRole("region", { name: "SCULC 2024 program pages" })).toBeVisible();
    await expect(page.getByRole("link", { name: /RSVP/ })).toBeVisible();
  });

  for (const [year, pages, next] of [
    ["2023", ["Home", "Programs", "Schedule", "Presentation", "Photos"], "2024"],
    ["2022", ["Home", "Programs", "Presentations", "Photos"], "2023"],
  ] as const) {
    test(`${year} moves between its sub-pages with the sub-navbar`, async ({ page }) => {
      await page.goto(`/sculc-${year}`);
      await expect(page.getByRole("link", { name: `See SCULC ${next}` })).toHaveAttribute(
        "href",
        `/sculc-${next}`,
      );
      const subnav = page.getByRole("navigation", { name: `SCULC ${year} pages` });
      await expect(subnav.getByRole("link")).toHaveText([...pages]);
      for (const label of pages.slice(1)) {
        await subnav.getByRole("link", { name: label }).click();
        await expect(subnav.getByRole("link", { name: label })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
      await subnav.getByRole("link", { name: "Home" }).click();
      await expect(page).toHaveURL(new RegExp(`/sculc-${year}$`));
    });
  }

  test("2023 has its date, program, schedule, presenters and photos", async ({ page }) => {
    await page.goto("/sculc-2023");
    await expect(page.getByRole("region", { name: "Event details" })).toContainText(
      "Saturday, May 27, 2023",
    );
    await expect(page.getByRole("region", { name: "Event details" })).toContainText(
      "9:00 AM to 5:30 PM",
    );
    await page.goto("/sculc-2023-schedule");
    await expect(page.getByRole("region", { name: "Schedule" }).getByRole("img")).toHaveAttribute(
      "alt",
      /.{20,}/,
    );
    await page.goto("/sculc-2023-presentation");
    const first = page.getByRole("article").first();
    await expect(first.getByRole("heading")).toBeVisible();
    await expect(first.locator(".presentation__presenters")).toContainText(
      /, .*(University|College)/,
    );
    await page.goto("/sculc-2023-photo");
    await expect(page.getByRole("heading", { name: "Keynote" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Presenters" })).toBeVisible();
  });

  test("2022 recaps the day in the accent colour, with galleries and a credit", async ({
    page,
  }) => {
    await page.goto("/sculc-2022");
    const recap = page.getByRole("region", { name: "SCULC 2022 recap" });
    await expect(recap).toContainText("COVID-19");
    await expect(recap).toContainText("Smartboards");
    await expect(recap).toContainText(/presenters/);
    await expect(recap).toContainText(/volunteers/);
    await expect(recap).toContainText(/attendee/);
    expect(
      await recap.getByRole("heading").evaluate((element) => getComputedStyle(element).color),
    ).toBe("rgb(68, 153, 204)");
    const photos = page.getByRole("region", { name: "Photos from the day" });
    await expect(photos.getByRole("heading", { level: 3 })).toHaveCount(3);
    await expect(photos.getByText(/^Photos by /)).toBeVisible();
    await expect(page.getByRole("region", { name: "Event details" })).toContainText(
      "Saturday, May 21, 2022",
    );
    await expect(page.getByRole("region", { name: "Abstract guidelines" })).toContainText(
      "10 to 15 minutes",
    );
  });
});
