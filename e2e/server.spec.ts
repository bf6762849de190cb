import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { grantingAdmin } from "./support/admin";

/** The script nonce a Content-Security-Policy allows. */
const nonce = (policy: string) => policy.match(/'nonce-([^']+)'/)?.[1];

// HTTP behaviour does not depend on the viewport; run it once.
test.skip(({ isMobile }) => isMobile, "server behaviour is checked on the desktop project");

test.describe("server", { tag: "@server-answers" }, () => {
  test("sends security headers on every page; freshly rendered pages get a new script nonce each time", async ({
    request,
  }, testInfo) => {
    // A signed-in admin page, rendered afresh for each request. Every page is a document without
    // inline scripts (docs/decisions/0048); the nonce is there for a page that would stream.
    const admin = await grantingAdmin(testInfo);
    let csp = "";
    try {
      const first = await admin.get("/user-data/submissions", { maxRedirects: 0 });
      const second = await admin.get("/user-data/submissions", { maxRedirects: 0 });
      expect(first.status()).toBe(200);
      const headers = first.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(headers["x-powered-by"]).toBeUndefined();
      csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/frame-src 'self' https:\/\/docs\.google\.com/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(nonce(csp)).toBeTruthy();
      expect(nonce(second.headers()["content-security-policy"] ?? "")).not.toBe(nonce(csp));
      // No inline script at all: the page's scripts are the site's own files.
      const html = await first.text();
      expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
      expect(html).toMatch(/<script src="\/assets\/page-enhancements-[\w-]+\.js"/);
    } finally {
      await admin.dispose();
    }

    // The 404 page of an unknown address, a document: the same headers.
    const missing = await request.get("/no/such-page");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-content-type-options"]).toBe("nosniff");
    expect(missing.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(missing.headers()["content-security-policy"]).toContain("default-src 'self'");

    // A document page rendered afresh (never cached) gets the same headers and a nonce of its own.
    const login = await request.get("/login");
    expect(login.status()).toBe(200);
    expect(login.headers()["x-content-type-options"]).toBe("nosniff");
    expect(login.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    const loginPolicy = login.headers()["content-security-policy"] ?? "";
    expect(loginPolicy).toContain("default-src 'self'");
    expect(nonce(loginPolicy)).toBeTruthy();
    expect(nonce(loginPolicy)).not.toBe(nonce(csp));
  });

  test("a public page from the cache allows exactly its own inline scripts, by hash", async ({
    request,
  }) => {
    const response = await request.get("/");
    expect(response.headers()["server-timing"]).toMatch(/page-cache/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("'nonce-");
    expect(csp).not.toContain("'unsafe-inline' ");
    const html = await response.text();
    // Public pages have no inline script today (docs/decisions/0009): then no hash is listed at all.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    const listed = csp.match(/'sha256-[^']+'/g) ?? [];
    expect(listed.length).toBe(new Set(scripts.map((script) => script[1])).size);
    for (const [, text = ""] of scripts) {
      const digest = createHash("sha256").update(text, "utf8").digest("base64");
      expect(csp).toContain(`'sha256-${digest}'`);
    }
  });

  test("the home page runs without a single policy violation or console error", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto("/");
    await page
      .getByRole("list", { name: "Photos from society life: choose a slide" })
      .getByRole("link")
      .nth(1)
      .click();
    await page
      .getByRole("navigation", { name: "Main" })
      .locator("summary", { hasText: "SCULC" })
      .click();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("compresses pages and caches fingerprinted assets forever", async ({ request }) => {
    const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");

    const html = await page.text();
    const assetPath = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(assetPath).toBeDefined();
    const asset = await request.get(assetPath ?? "");
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");

    const missing = await request.get("/assets/does-not-exist.js");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).not.toContain("text/html");
  });

  test("/healthz reports that the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { status: "ok", dialect: "sqlite", migrationsPending: 0 },
    });
  });

  test("unknown addresses get a real 404 page inside the layout", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t find that page");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("serves robots.txt and a sitemap with absolute addresses", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/</loc>`);
  });
});
