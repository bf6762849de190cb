// The public page cache against the production build (2 workers): signed-out visitors get cached,
// pre-compressed pages; signed-in visitors always get their own fresh page; a change committed by another
// server sharing the database reaches every worker's next response.

import path from "node:path";
import { describe, expect, it } from "vitest";
import { setCallForAbstracts } from "~/features/submissions/call-for-abstracts.server";
import { openDatabase } from "~/lib/db/database.server";
import { withAbstractDetails } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { formHeaders, signUpAndSignIn } from "./support/accounts";
import { serverForThisFile } from "./support/production-server";

const running = serverForThisFile({ env: { WEB_CONCURRENCY: "2" } });

const cacheStatus = (response: Response) =>
  /page-cache;desc="(\w+)"/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? "none";

/** Enough requests that both workers answer some (each has a cache of its own). */
async function fetchMany(url: string, count = 24, init: RequestInit = {}) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(url, init);
      return { response, html: await response.text() };
    }),
  );
}

describe("public page cache", () => {
  it("serves every public page to signed-out visitors from the cache, compressed", async () => {
    const { baseUrl } = running.server;
    for (const page of [
      "/",
      "/home",
      "/board",
      "/naclo",
      "/events",
      "/sculc-2025",
      "/sculc-2022",
    ]) {
      await fetchMany(`${baseUrl}${page}`, 8);
      const response = await fetch(`${baseUrl}${page}`, { headers: { "accept-encoding": "br" } });
      expect(response.status, page).toBe(200);
      expect(cacheStatus(response), page).toBe("hit");
      expect(response.headers.get("content-encoding"), page).toBe("br");
      // Public pages have no inline script (docs/decisions/0009), so no hash is listed in place of
      // the nonce and only the site's own files may run.
      expect(response.headers.get("content-security-policy"), page).toMatch(
        /script-src 'self'[ ;]/,
      );
      expect(response.headers.get("content-security-policy"), page).not.toMatch(/nonce-|sha256-/);
      expect(await response.text(), page).toContain("</html>");
    }
  });

  it("answers 304 to a revalidation with the page's ETag", async () => {
    const first = await fetch(`${running.server.baseUrl}/board`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"/);
    const again = await fetch(`${running.server.baseUrl}/board`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("never serves a signed-in visitor's page from the cache, nor one visitor's page to another", async () => {
    const { server, user: author } = running;
    const form = withAbstractDetails(new FormData());
    form.set(
      "abstract",
      new File([new Uint8Array(await makeAbstractPdf())], "cache.pdf", { type: "application/pdf" }),
    );
    const upload = await fetch(`${server.baseUrl}/sculc/submit-abstract`, {
      method: "POST",
      headers: formHeaders(server, { cookie: author.cookie }),
      body: form,
      redirect: "manual",
    });
    expect(upload.status).toBe(302);
    const other = await signUpAndSignIn(server);

    const asAuthor = await fetchMany(`${server.baseUrl}/sculc-2025`, 8, {
      headers: { cookie: author.cookie },
    });
    const asOther = await fetchMany(`${server.baseUrl}/sculc-2025`, 8, {
      headers: { cookie: other.cookie },
    });
    const anonymous = await fetchMany(`${server.baseUrl}/sculc-2025`, 8);
    for (const { response, html } of asAuthor) {
      expect(cacheStatus(response)).toBe("none");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(html).toContain("View Submission Status");
      expect(html).toContain(">Profile<");
    }
    for (const { response, html } of asOther) {
      expect(cacheStatus(response)).toBe("none");
      expect(html).not.toContain("View Submission Status");
      expect(html).toContain(">Profile<");
    }
    for (const { response, html } of anonymous) {
      expect(["hit", "miss"]).toContain(cacheStatus(response));
      expect(html).not.toContain("View Submission Status");
      expect(html).toContain(">Login<");
    }
  });

  it("shows a change committed by another server on every worker's next response", async () => {
    const { server } = running;
    const url = `${server.baseUrl}/sculc-2025`;
    const before = await fetchMany(url);
    for (const { html } of before) expect(html).toMatch(/status-badge--open/);
    expect(before.filter(({ response }) => cacheStatus(response) === "hit").length).toBeGreaterThan(
      0,
    );

    // Another server: its own connection to the same database file, as a second app server would have.
    const other = openDatabase({
      dialect: "sqlite",
      filename: path.join(server.dataDir, "app.db"),
    });
    try {
      await setCallForAbstracts(
        other.db,
        { isOpen: false, closesAt: null },
        { userId: null, label: "another server" },
      );
    } finally {
      await other.close();
    }
    for (const { html } of await fetchMany(url)) {
      expect(html).toMatch(/status-badge--closed/);
      expect(html).not.toMatch(/<a class="button" href="\/sculc\/submit-abstract"/);
    }
  });
});
