import { expect, type Locator, type Page, test } from "@playwright/test";

const societyName = "Undergraduate Linguistics Society";

function carousel(page: Page): Locator {
  return page.getByRole("region", { name: "Photos from society life" });
}

function bullets(page: Page): Locator {
  return carousel(page)
    .getByRole("navigation", { name: "Photos from society life: choose a slide" })
    .getByRole("button");
}

async function activeSlideNumber(page: Page): Promise<number> {
  const label = await bullets(page)
    .and(page.locator('[aria-pressed="true"]'))
    .getAttribute("aria-label");
  return Number(label?.replace("Go to Slide ", ""));
}

test.describe("home page", () => {
  test("shows the banner, the definition, the club, social links and the conference blurb", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(societyName);

    await expect(page.getByRole("img", { name: `${societyName} logo` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: societyName })).toBeVisible();

    await expect(page.getByRole("heading", { name: "What is linguistics?" })).toBeVisible();
    await expect(page.getByText("is the scientific study of human language")).toBeVisible();
    await expect(page.getByRole("heading", { name: "About us" })).toBeVisible();
    await expect(page.getByText("student-run society for undergraduates")).toBeVisible();

    const social = [
      { name: /Instagram/, host: "www.instagram.com" },
      { name: /Discord/, host: "discord.gg" },
      { name: /LinkedIn/, host: "www.linkedin.com" },
    ];
    for (const link of social) {
      const locator = page.getByRole("link", { name: link.name });
      await expect(locator).toBeVisible();
      expect(new URL((await locator.getAttribute("href")) ?? "").host).toBe(link.host);
    }

    await expect(page.getByRole("heading", { name: "SCULC 2025" })).toBeVisible();
    await expect(page.getByText("Saturday, May 17, 2025, 9:00 AM to 5:30 PM")).toBeVisible();
    await expect(
      page.getByText(/Founded in 2010, it hosted 12 undergraduate researchers/),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore SCULC 2025" })).toHaveAttribute(
      "href",
      "/sculc-2025",
    );
  });

  test("has the shared footer with copyright, location and a contact mailbox", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${societyName}`)).toBeVisible();
    await expect(footer.locator("address")).toContainText("Southern California");
    await expect(footer.getByRole("link", { name: /@example\.edu$/ })).toHaveAttribute(
      "href",
      /^mailto:.+@example\.edu$/,
    );
  });

  test("shows a four-image carousel without thumbnails or a play button", async ({ page }) => {
    await page.goto("/");
    const region = carousel(page);
    await expect(region).toBeVisible();
    await expect(bullets(page)).toHaveCount(4);
    await expect(region.locator(".image-gallery-thumbnails")).toHaveCount(0);
    await expect(region.getByRole("button", { name: /play|pause/i })).toHaveCount(0);

    const images = region.locator("img.image-gallery-image");
    const alts = new Set<string>();
    for (const image of await images.all()) {
      const alt = (await image.getAttribute("alt")) ?? "";
      expect(alt.length, "every slide has real alternative text").toBeGreaterThan(20);
      expect(await image.getAttribute("width")).toBe("1600");
      expect(await image.getAttribute("height")).toBe("1000");
      expect(await image.getAttribute("srcset")).toMatch(/ 480w, .* 1600w$/);
      alts.add(alt);
    }
    expect(alts.size).toBe(4);

    const firstImage = images.first();
    await expect(firstImage).toBeVisible();
    await expect
      .poll(() => firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  test("plays every 3 seconds with 450 ms slides, and pauses under the pointer", async ({
    page,
  }) => {
    await page.goto("/");
    const region = carousel(page);
    await region.scrollIntoViewIfNeeded();
    // While it rotates by itself, screen readers are not told about every slide.
    await expect(region.locator(".image-gallery")).toHaveAttribute("aria-live", "off");

    // Time slide changes inside the page, where they happen, instead of polling from outside.
    const intervals = await region.evaluate(
      (element) =>
        new Promise<number[]>((resolve) => {
          const bulletNav = element.querySelector(".image-gallery-bullets-container");
          if (!bulletNav) throw new Error("no bullets");
          const activeIndex = () =>
            Array.from(bulletNav.querySelectorAll("button")).findIndex(
              (button) => button.getAttribute("aria-pressed") === "true",
            );
          let last = activeIndex();
          const changes: number[] = [];
          const observer = new MutationObserver(() => {
            const current = activeIndex();
            if (current === last) return;
            last = current;
            changes.push(performance.now());
            if (changes.length === 3) {
              observer.disconnect();
              resolve(changes.slice(1).map((time, index) => time - (changes[index] ?? time)));
            }
          });
          observer.observe(bulletNav, { subtree: true, attributeFilter: ["aria-pressed"] });
        }),
    );
    // A busy machine can delay one slide's render by a few hundred milliseconds, which shortens one
    // interval and lengthens the next; their average stays on the configured 3000 ms.
    for (const interval of intervals) {
      expect(interval).toBeGreaterThan(2_400);
      expect(interval).toBeLessThan(3_700);
    }
    const average = intervals.reduce((sum, interval) => sum + interval, 0) / intervals.length;
    expect(average).toBeGreaterThan(2_850);
    expect(average).toBeLessThan(3_250);

    const transition = await region
      .locator(".image-gallery-slides-container")
      .evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(transition).toBe("0.45s");

    await region.hover();
    await expect(region.locator(".image-gallery")).toHaveAttribute("aria-live", "polite");
    const pausedOn = await activeSlideNumber(page);
    await page.waitForTimeout(3_500); // longer than one interval: nothing may move
    expect(await activeSlideNumber(page)).toBe(pausedOn);
  });

  test("does not play by itself for visitors who ask for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForTimeout(3_500); // longer than one interval: nothing may move
    expect(await activeSlideNumber(page)).toBe(1);
    // Visitors still move through the slides themselves.
    await bullets(page).nth(2).click();
    await expect.poll(() => activeSlideNumber(page)).toBe(3);
  });

  test("is also served at /home, naming / as the canonical address", async ({ page, baseURL }) => {
    const response = await page.goto("/home");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: societyName })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  });
});
