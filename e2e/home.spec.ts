import { expect, type Locator, type Page, test } from "@playwright/test";

const societyName = "Undergraduate Linguistics Society";

function carousel(page: Page): Locator {
  return page.getByRole("region", { name: "Photos from society life" });
}

function bullets(page: Page): Locator {
  return carousel(page)
    .getByRole("list", { name: "Photos from society life: choose a slide" })
    .getByRole("link");
}

async function activeSlideNumber(page: Page): Promise<number> {
  const text = await carousel(page)
    .locator('[data-carousel-bullet][aria-current="true"]')
    .textContent();
  return Number(text?.replace("Slide ", ""));
}

/** The slide whose start is at the list's left edge, from the scroll position (1-based). */
function visibleSlideNumber(page: Page): Promise<number> {
  return carousel(page)
    .locator("[data-carousel-track]")
    .evaluate((track) => Math.round(track.scrollLeft / track.clientWidth) + 1);
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
    // Previous and next, nothing else: no play button.
    await expect(region.getByRole("button")).toHaveCount(2);
    await expect(region.getByRole("button", { name: /play|pause/i })).toHaveCount(0);

    const images = region.locator("img.image-carousel__image");
    await expect(images).toHaveCount(4);
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
    // The page's clock is Playwright's, paused, and moved on by the test: the carousel's timers then
    // fire exactly when due however busy the machine is, so the timings can be checked closely.
    await page.clock.install();
    await page.goto("/");
    const region = carousel(page);
    await region.scrollIntoViewIfNeeded();
    // Paused a few seconds ahead of the page's time (it flows until then, and pausing in the past is an
    // error); a slide that starts before the pause is not measured.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);

    // Time slide changes and slide animations inside the page, where they happen. The observer is in
    // place before the clock moves on (the evaluation returns once it is); the timings are read after.
    type Timings = { intervals: number[]; slides: number[] };
    type Timed = { carouselTimings?: Promise<Timings> };
    await region.evaluate((element) => {
      (window as Timed).carouselTimings = new Promise<Timings>((resolve) => {
        const track = element.querySelector("[data-carousel-track]");
        if (!track) throw new Error("no track");
        const changes: number[] = [];
        const slides: number[] = [];
        let slideStart = 0;
        const observer = new MutationObserver(() => {
          const isSliding = track.classList.contains("is-sliding");
          if (isSliding && !slideStart) {
            slideStart = performance.now();
            changes.push(slideStart);
          } else if (!isSliding && slideStart) {
            slides.push(performance.now() - slideStart);
            slideStart = 0;
            if (changes.length === 3) {
              observer.disconnect();
              resolve({
                intervals: changes.slice(1).map((time, index) => time - (changes[index] ?? time)),
                slides,
              });
            }
          }
        });
        observer.observe(track, { attributeFilter: ["class"] });
      });
    });
    await page.clock.runFor(12_000);
    const timings = await page.evaluate(() => (window as Timed).carouselTimings);
    if (!timings) throw new Error("the carousel's timings were not recorded");
    for (const interval of timings.intervals) {
      expect(interval).toBeGreaterThanOrEqual(3_000);
      expect(interval).toBeLessThan(3_050);
    }
    // An animation ends on the first frame after 450 ms (frames come every 16 ms).
    for (const slide of timings.slides) {
      expect(slide).toBeGreaterThanOrEqual(450);
      expect(slide).toBeLessThan(500);
    }
    // Slides that change by themselves are not announced.
    await expect(region.locator("[data-carousel-status]")).toHaveText("");

    await region.hover();
    const pausedOn = await activeSlideNumber(page);
    await page.clock.runFor(3_500); // longer than one interval: nothing may move
    expect(await activeSlideNumber(page)).toBe(pausedOn);
    expect(await visibleSlideNumber(page)).toBe(pausedOn);
  });

  test("does not play by itself for visitors who ask for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForTimeout(3_500); // longer than one interval: nothing may move
    expect(await activeSlideNumber(page)).toBe(1);
    // Visitors still move through the slides themselves, and hear which one they chose.
    await bullets(page).nth(2).click();
    await expect.poll(() => activeSlideNumber(page)).toBe(3);
    await expect.poll(() => visibleSlideNumber(page)).toBe(3);
    await expect(carousel(page).locator("[data-carousel-status]")).toHaveText(/^Slide 3 of 4: /);
    // Next from the last slide goes round to the first; previous from the first to the last.
    await carousel(page).getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => visibleSlideNumber(page)).toBe(4);
    await carousel(page).getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => visibleSlideNumber(page)).toBe(1);
    await carousel(page).getByRole("button", { name: "Previous slide" }).press("Enter");
    await expect.poll(() => activeSlideNumber(page)).toBe(4);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the carousel scrolls, and each bullet links to its slide", async ({ page }) => {
      await page.goto("/");
      const region = carousel(page);
      // The buttons need the page script; the bullets are links.
      await expect(region.getByRole("button", { name: "Next slide" })).toBeHidden();
      await expect(bullets(page)).toHaveCount(4);
      await bullets(page).nth(1).click();
      await expect(page).toHaveURL(/#.+-slide-2$/);
      await expect.poll(() => visibleSlideNumber(page)).toBe(2);
      // The list takes keyboard focus, so the arrow keys scroll it.
      await region.locator("[data-carousel-track]").focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => visibleSlideNumber(page)).toBe(3);
    });
  });

  test("is also served at /home, naming / as the canonical address", async ({ page, baseURL }) => {
    const response = await page.goto("/home");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: societyName })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  });
});
