// Every page is a document (docs/decisions/0048): it ships no framework JavaScript (app/root.tsx), so
// the browser must never render one, and each loads itself as a document should a hydrated page ever
// navigate to it. That needs both of its exports, and a server loader, without which the server renders
// a fallback instead of the page.
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import {
  isDocumentPageHandle,
  isPublicPageHandle,
  openAsDocument,
  pageScriptsOf,
} from "./request-context";

type RouteEntry = { id?: string; file: string; children?: RouteEntry[] };

function flatten(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

const files = [...new Set(flatten(routes as RouteEntry[]).map((route) => route.file))];
// A layout draws its child's page inside its own frame: the child's handle decides.
const layoutFiles = new Set(
  flatten(routes as RouteEntry[])
    .filter((route) => route.children?.length)
    .map((route) => route.file),
);
const modules = await Promise.all(
  files.map(async (file) => ({
    file,
    module: (await import(
      /* @vite-ignore */ path.resolve(import.meta.dirname, "..", file)
    )) as Record<string, unknown>,
  })),
);
const publicModules = modules.filter(({ module }) => isPublicPageHandle(module.handle));
const documentModules = modules.filter(({ module }) => isDocumentPageHandle(module.handle));

describe("public page routes", () => {
  it("are the home, board, NACLO, events, edition and program pages", () => {
    expect(publicModules.map(({ file }) => file).sort()).toEqual([
      "routes/board.tsx",
      "routes/events.tsx",
      "routes/home.tsx",
      "routes/naclo.tsx",
      "routes/sculc-page.tsx",
    ]);
  });
});

describe("document page routes", () => {
  it("are the public pages and every other page, never cached", () => {
    const uncached = documentModules.filter(({ module }) => !isPublicPageHandle(module.handle));
    expect(uncached.map(({ file }) => file).sort()).toEqual([
      "routes/admin-audit.tsx",
      "routes/admin-content-edition-files.tsx",
      "routes/admin-content-edition-new.tsx",
      "routes/admin-content-edition-page.tsx",
      "routes/admin-content-edition-preview.tsx",
      "routes/admin-content-edition.tsx",
      "routes/admin-content-history.tsx",
      "routes/admin-content-pages-preview.tsx",
      "routes/admin-content-pages.tsx",
      "routes/admin-content-pictures.tsx",
      "routes/admin-content-preview-board.tsx",
      "routes/admin-content-season-portrait.tsx",
      "routes/admin-content-season.tsx",
      "routes/admin-content-version.tsx",
      "routes/admin-content.tsx",
      "routes/admin-mail-message.tsx",
      "routes/admin-mail-template.tsx",
      "routes/admin-mail-templates.tsx",
      "routes/admin-mail-write.tsx",
      "routes/admin-mail.tsx",
      "routes/admin-materials.tsx",
      "routes/admin-presenters.tsx",
      "routes/admin-program.tsx",
      "routes/admin-review.tsx",
      "routes/admin-status.tsx",
      "routes/admin-submissions.tsx",
      "routes/complete-profile.tsx",
      "routes/congratulations.tsx",
      "routes/edit-profile.tsx",
      "routes/final-materials-consent.tsx",
      "routes/final-materials.tsx",
      "routes/forgot-password.tsx",
      "routes/login.tsx",
      "routes/not-found.tsx",
      "routes/profile.tsx",
      "routes/register.tsx",
      "routes/reset-password.tsx",
      "routes/review-abstract.tsx",
      "routes/review.tsx",
      "routes/submit-abstract.tsx",
      "routes/user-data.tsx",
      "routes/verify-email.tsx",
      "routes/view-submission.tsx",
    ]);
    expect(publicModules.every((entry) => documentModules.includes(entry))).toBe(true);
  });

  it.each(documentModules)("$file loads as a document and renders on the server", ({ module }) => {
    expect(module.clientLoader).toBe(openAsDocument);
    expect(typeof module.loader).toBe("function");
  });

  it("the pages with a script of their own load it as a built asset", () => {
    const withScripts = modules.filter(({ module }) => pageScriptsOf([module.handle]).length > 0);
    expect(
      Object.fromEntries(
        withScripts.map(({ file, module }) => [file, pageScriptsOf([module.handle])]),
      ),
    ).toEqual({
      "routes/admin-mail-template.tsx": [expect.stringMatching(/mail-template-script\.ts/)],
      "routes/admin-content-edition-page.tsx": [
        expect.stringMatching(/picture-uploads-script\.ts/),
      ],
      "routes/admin-content-pages.tsx": [expect.stringMatching(/picture-uploads-script\.ts/)],
      "routes/admin-content-season.tsx": [expect.stringMatching(/season-portrait-script\.ts/)],
      "routes/congratulations.tsx": [expect.stringMatching(/congratulations-script\.ts/)],
      "routes/submit-abstract.tsx": [expect.stringMatching(/submit-form-script\.ts/)],
      "routes/view-submission.tsx": [expect.stringMatching(/view-submission-script\.ts/)],
    });
  });

  it("every route with a page of its own is a document: no page hydrates", () => {
    const pages = modules.filter(
      ({ file, module }) => typeof module.default === "function" && !layoutFiles.has(file),
    );
    expect(pages.filter(({ module }) => !isDocumentPageHandle(module.handle))).toEqual([]);
    expect([...layoutFiles]).toEqual(["routes/admin-layout.tsx"]);
  });

  it("no other route opens as a document", () => {
    const others = modules.filter(({ module }) => !isDocumentPageHandle(module.handle));
    expect(others.filter(({ module }) => module.clientLoader === openAsDocument)).toEqual([]);
  });
});

describe("openAsDocument", () => {
  it("answers a client-side navigation with a document load of the same address", () => {
    let thrown: unknown;
    try {
      openAsDocument({ request: new Request("http://localhost/sculc-2024?x=1") });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sculc-2024?x=1");
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});
