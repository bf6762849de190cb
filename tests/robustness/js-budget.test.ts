// The lean-client budget (issue 11): how much gzipped JavaScript a page makes a visitor download on
// first load, measured on what the production server actually sends (`npm run build` first).
//
// Public pages ship no framework code (docs/decisions/0009-public-pages-without-framework-javascript.md):
// only the page script that runs their menus, carousels and embeds. Issue 11 asks for 100 KB on every
// public page; they are held to a few KB here, so a framework runtime or a library that reaches them
// fails at once. So are the signed-out account forms (docs/decisions/0042), which are documents too,
// the submit form (0043), a document with a script of its own for its co-author rows and upload, the
// signed-in pages that list and post (0044): the profile, the review queue, the user table, and the
// status page with a script of its own for its edit form's co-author rows and its delete dialog; and
// (0045) the profile form and the admin area's pages that only list and post; and the 404 pages and
// the congratulations page (0046). Since 0048 the admin area's editors are documents as well, with
// scripts of their own for what they do in the browser: no page loads React or React Router.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listIndexablePaths } from "~/features/seo/sitemap";
import { type PageJavaScript, pageJavaScript } from "./support/js-budget";
import { type ProductionServer, startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";
import { grantReviewer, signInAdmin, signUp } from "./support/site-people";

const publicBudgetBytes = 5 * 1024;
const issueBudgetBytes = 100 * 1024;
// The admin area's editors: documents, with the page script and, for most, a script of their own
// (4.0-4.8 KB in all on 2026-11-29), held to the budget of the other documents with a script.
const editorScript = /^\/assets\/[\w-]+-script-[\w-]+\.js$/;
const editorPaths = [
  "/user-data/submissions",
  "/user-data/presenters",
  "/user-data/program",
  "/user-data/mail/templates",
  "/user-data/mail/write",
  "/user-data/mail/templates/decision-not-accepted",
  "/user-data/content/home",
  "/user-data/content/footer",
  "/user-data/content/board/new",
  "/user-data/content/editions/new",
  "/user-data/content/editions/2025",
  "/user-data/content/editions/2025/pages/0",
  "/user-data/content/preview/board",
  "/user-data/content/preview/home",
];
// A document with a script of its own: the submit form, the status page.
const ownScriptBudgetBytes = 8 * 1024;

// Every public page (the sitemap's list follows the content) and its alias.
const publicPaths = [...listIndexablePaths(), "/home"];
// The account forms a visitor opens signed out: documents, never cached, with the page script only.
const accountFormPaths = [
  "/login",
  "/login?redirectTo=%2Fprofile",
  "/register",
  "/forgot-password",
  "/reset-password?token=unknown",
  "/verify-email?token=unknown",
];
// The 404 pages: of a one-segment address (looked up among the conference pages, a public page) and of
// a deeper one. Both documents, so a visitor who followed a stale link loads the page script alone.
const notFoundPaths = ["/no-such-page", "/no/such-page", "/sculc/no/such/page"];

const adminEmail = "js-budget-admin@bench.test";

let server: ProductionServer;
let measured: PageJavaScript[] = [];

beforeAll(async () => {
  server = await startProductionServer({ env: { ADMIN_EMAILS: adminEmail } });
  measured = await pageJavaScript(server.baseUrl, publicPaths);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function report(page: PageJavaScript) {
  reportMeasurement(
    `${page.path}: ${(page.gzipBytes / 1024).toFixed(1)} KB gzipped in ${page.files.length} files` +
      `${page.inlineBytes ? ` and ${page.inlineBytes} bytes inline` : ""}`,
  );
}

/** One page's JavaScript, as the server sends it to a visitor (signed in with `cookie`). */
async function measuredPage(path: string, status = 200, cookie?: string): Promise<PageJavaScript> {
  const [page] = await pageJavaScript(server.baseUrl, [path], status, cookie);
  if (!page) throw new Error(`${path} was not measured`);
  return page;
}

const pageScript = /^\/assets\/page-enhancements-[\w-]+\.js$/;

/** A document page: no framework, no inline script, the page script and its own script if it has one. */
function expectDocument(page: PageJavaScript, budgetBytes: number, ownScript?: RegExp) {
  report(page);
  expect(page.isHydrating, page.path).toBe(false);
  expect(page.inlineBytes, page.path).toBe(0);
  expect(page.files, page.path).toEqual(
    [pageScript, ...(ownScript ? [ownScript] : [])].map((file) => expect.stringMatching(file)),
  );
  expect(page.gzipBytes, page.path).toBeLessThanOrEqual(budgetBytes);
}

describe("JavaScript on first load of a public page", () => {
  it.each(publicPaths)("%s loads only the page script, well within 100 KB", (path) => {
    const page = measured.find((entry) => entry.path === path) as PageJavaScript;
    expectDocument(page, publicBudgetBytes);
    expect(page.gzipBytes).toBeLessThanOrEqual(issueBudgetBytes);
  });
});

describe("JavaScript on first load of a signed-out account form", () => {
  it.each(accountFormPaths)("%s loads only the page script", async (path) => {
    const page = await measuredPage(path);
    expectDocument(page, publicBudgetBytes);
  });
});

describe("JavaScript on first load of the submit form (signed in)", () => {
  it("loads the page script and the form's own script, and does not hydrate", async () => {
    const member = await signUp(server, `js-budget-${Date.now()}@bench.test`);
    const page = await measuredPage("/sculc/submit-abstract", 200, member.cookie);
    expectDocument(page, ownScriptBudgetBytes, /^\/assets\/submit-form-script-[\w-]+\.js$/);
  }, 90_000);
});

describe("JavaScript on first load of the signed-in pages", () => {
  it("no signed-in page hydrates: the pages that list and post, and the editors", async () => {
    const member = await signUp(server, `js-budget-member-${Date.now()}@bench.test`);
    const adminCookie = await signInAdmin(server, adminEmail);
    await grantReviewer(server, adminCookie, member.email);
    const memberPaths = ["/profile", "/edit-profile", "/review"];
    const adminPaths = [
      "/user-data",
      "/user-data/review",
      "/user-data/audit",
      "/user-data/status",
      "/user-data/mail",
      "/user-data/materials",
      "/user-data/content",
    ];
    const documents = [
      ...(await pageJavaScript(server.baseUrl, memberPaths, 200, member.cookie)),
      ...(await pageJavaScript(server.baseUrl, adminPaths, 200, adminCookie)),
    ];
    expect(documents.map((page) => page.path)).toEqual([...memberPaths, ...adminPaths]);
    for (const page of documents) expectDocument(page, publicBudgetBytes);
    const status = await measuredPage("/sculc/view-submission", 200, member.cookie);
    expectDocument(status, ownScriptBudgetBytes, /^\/assets\/view-submission-script-[\w-]+\.js$/);
    // The admin area's editors are documents too, some with a script of their own (uploads with
    // progress, the mail template's live preview, the program's print button).
    const editors = await pageJavaScript(server.baseUrl, editorPaths, 200, adminCookie);
    expect(editors.map((page) => page.path)).toEqual(editorPaths);
    for (const page of editors) {
      const ownScript = page.files.find((file) => !pageScript.test(file));
      expectDocument(page, ownScriptBudgetBytes, ownScript ? editorScript : undefined);
    }
  }, 120_000);
});

describe("JavaScript on first load of a 404 page", () => {
  it.each(notFoundPaths)("%s loads only the page script", async (path) => {
    const page = await measuredPage(path, 404);
    expectDocument(page, publicBudgetBytes);
  });
});
