// A publish in the admin area is seen at once by every worker of the production server (2 workers;
// SQLite, or PostgreSQL when TEST_DATABASE_URL is set): pages cached before it, on both workers, are
// never served again once the publish has committed, and a new edition's pages exist without a
// rebuild. Crafted one-segment addresses, now resolved from the content per request, answer 404.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  publishDraft,
  readDocument,
  saveDraft,
} from "~/features/site-content/content-store.server";
import { draftNextEdition, type EditionDocument } from "~/features/site-content/edition-next";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { testDatabaseTargets } from "../support/test-databases";
import type { ProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";
import { startServerOnTarget, type TargetServer } from "./support/target-server";

/** A GET on a new connection each time, so the requests spread over both workers. */
function get(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

const editor = { id: "robustness-editor" };

for (const target of testDatabaseTargets()) {
  describe(`publishing content on ${target.name}`, () => {
    let server: ProductionServer;
    let running: TargetServer | undefined;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      running = await startServerOnTarget(target);
      ({ server, handle } = running);
    });
    afterAll(async () => {
      await running?.stop();
    });

    it("serves a new board and a new edition on every worker as soon as they are published", async () => {
      // Fill both workers' caches with the pages as they are.
      const before = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          get(server.baseUrl, index % 2 ? "/board" : "/sculc-2026"),
        ),
      );
      expect(before.filter((page) => page.status === 200).length).toBe(10);
      expect(before.filter((page) => page.status === 404).length).toBe(10);

      const season = await saveDraft(
        handle.db,
        { kind: "board-season", key: null },
        {
          id: "2026-2027",
          members: [{ id: "noor-haddad", name: "Noor Haddad", position: "President" }],
        },
        { basedOn: null, actor: editor },
      );
      if (!season.ok) throw new Error(season.reason);
      const current = await readDocument(handle.db, { kind: "edition", key: "2025" });
      // Next year as an organiser starts it: every date moved a year on.
      const next = draftNextEdition(current?.draft as EditionDocument);
      const edition = await saveDraft(handle.db, { kind: "edition", key: null }, next, {
        basedOn: null,
        actor: editor,
      });
      if (!edition.ok) throw new Error(JSON.stringify(edition));
      // Drafts are not public.
      expect((await get(server.baseUrl, "/sculc-2026")).status).toBe(404);

      await publishDraft(
        handle.db,
        { kind: "board-season", key: "2026-2027" },
        { basedOn: 1, actor: editor },
      );
      await publishDraft(
        handle.db,
        { kind: "edition", key: "2026" },
        { basedOn: 1, actor: editor },
      );
      const publishedAt = performance.now();
      const after = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          get(
            server.baseUrl,
            ["/board", "/sculc-2026", "/sitemap.xml", "/events"][index % 4] ?? "/",
          ),
        ),
      );
      const elapsed = performance.now() - publishedAt;
      reportMeasurement(`content publish visible on every worker (${target.name})`, {
        requests: after.length,
        ms: Math.round(elapsed),
      });
      for (const [index, page] of after.entries()) {
        expect(page.status, `request ${index}`).toBe(200);
      }
      expect(
        after.filter((_, index) => index % 4 === 0).every((page) => /Noor Haddad/.test(page.body)),
      ).toBe(true);
      expect(
        after.filter((_, index) => index % 4 === 1).every((page) => /SCULC 2026/.test(page.body)),
      ).toBe(true);
      expect(
        after
          .filter((_, index) => index % 4 === 2)
          .every((page) => page.body.includes("/sculc-2026<")),
      ).toBe(true);
      const sculc = await fetch(`${server.baseUrl}/sculc`, { redirect: "manual" });
      expect(sculc.headers.get("location")).toBe("/sculc-2026");
    });

    it("answers crafted one-segment addresses with 404, never 5xx", async () => {
      const crafted = [
        "/sculc-",
        "/sculc-0",
        "/sculc-99999999999999999999",
        "/sculc-2025-",
        "/sculc-2025-..%2f..%2fetc",
        "/sculc-2025%00",
        `/${"a".repeat(4000)}`,
        "/%3Apage",
        "/sculc-2025-program.ics.json",
        "/.ics",
        "/x.json",
        "/sculc-2025-nope/calendar/1.ics",
      ];
      const answers = await Promise.all(crafted.map((address) => get(server.baseUrl, address)));
      for (const [index, answer] of answers.entries()) {
        expect([400, 404], crafted[index]).toContain(answer.status);
      }
    });
  });
}
