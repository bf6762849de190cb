// Takes full-page screenshots of a running site at desktop and 375 px widths, for reviewing layouts.
// Usage: npx tsx scripts/screenshots.ts [baseUrl] [outDir] [path ...]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [baseUrl = "http://localhost:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/no-such-page"];
const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 375, height: 740 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
for (const viewport of viewports) {
  const page = await browser.newPage({ viewport, reducedMotion: "reduce" });
  for (const path of pages) {
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    const file = `${outDir}/${viewport.name}${path.replace(/\W+/g, "-") || "-home"}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
