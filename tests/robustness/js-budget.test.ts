// The lean-client budget (issue 11): no public page may make a visitor download more than 100 KB of
// gzipped JavaScript on first load. Computed from the production build's manifest (`npm run build`
// first), so it holds on a slow machine as on a fast one.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listIndexablePaths } from "~/features/seo/sitemap";
import { pageJavaScript } from "./support/js-budget";
import { reportMeasurement } from "./support/report";

const budgetBytes = 100 * 1024;
const clientDir = path.resolve(import.meta.dirname, "../../build/client");

// Every public page (the sitemap's list follows the content), its alias, and the account forms a
// visitor opens first.
const pages = [...listIndexablePaths(), "/home", "/login", "/register"];

describe("JavaScript on first load", () => {
  const measured = pageJavaScript(clientDir, pages);

  it.each(measured)(`$path stays within ${budgetBytes / 1024} KB gzipped`, (page) => {
    reportMeasurement(
      `${page.path}: ${(page.gzipBytes / 1024).toFixed(1)} KB gzipped in ${page.files.length} files`,
    );
    expect(page.gzipBytes).toBeLessThanOrEqual(budgetBytes);
  });
});
