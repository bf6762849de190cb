// The public program's addresses against the production build (2 workers): crafted calendar file
// names get a 4xx, never a 5xx; a crowd gets every answer; a version published by another server
// sharing the database is on every worker's next page; polling calendars get 304s.

import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ProgramSnapshot } from "~/features/program/program-snapshot";
import { openDatabase } from "~/lib/db/database.server";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import { serverForThisFile } from "./support/production-server";
import { sendRaw } from "./support/raw-http";
import { reportMeasurement } from "./support/report";

const running = serverForThisFile({ env: { WEB_CONCURRENCY: "2" } });

const page = "/sculc-2025-program";

function snapshot(title: string): ProgramSnapshot {
  return {
    format: 1,
    editionYear: 2025,
    date: "2025-05-17",
    timeZone: "America/Los_Angeles",
    sessions: [
      {
        id: "session-1",
        kind: "talks",
        title,
        room: "Room 101",
        chair: null,
        description: null,
        startsAt: "10:00",
        endsAt: "11:00",
        presentations: [
          {
            slotId: "slot-1",
            submissionId: "submission-1",
            format: "talk",
            title: "Tone sandhi in ʔAkha",
            startsAt: "10:00",
            endsAt: "10:20",
            authors: [{ name: "Ana Lopez", affiliation: "UC Irvine", presenting: true }],
          },
        ],
      },
    ],
  };
}

/** Publishes a version as another server would: the row and the public pages' revision, together. */
async function publishVersion(version: number, title: string) {
  const handle = openDatabase({
    dialect: "sqlite",
    filename: path.join(running.server.dataDir, "app.db"),
  });
  try {
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("program_version")
        .values({
          edition_year: 2025,
          version,
          published_at: new Date().toISOString(),
          published_by: "admin@example.edu",
          published_by_user_id: null,
          snapshot: JSON.stringify(snapshot(title)),
          presenters_notified_at: null,
          presenters_notified_by: null,
          presenters_mailed: null,
        })
        .execute();
      await markPublicPagesChanged(trx);
    });
  } finally {
    await handle.close();
  }
}

function get(target: string) {
  return [`GET ${target} HTTP/1.1`, "Host: localhost", "Connection: close", "", ""].join("\r\n");
}

describe("the public program's addresses", () => {
  it("until a version is published: the page shows the announced schedule, the files are 404s", async () => {
    const { baseUrl } = running.server;
    const response = await fetch(`${baseUrl}${page}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("has not published the full program here yet");
    for (const file of [`${page}.ics`, `${page}.json`, `${page}/calendar/slot-1.ics`])
      expect((await fetch(`${baseUrl}${file}`)).status, file).toBe(404);
  });

  it("a publish is on every worker's next page, and in the files", async () => {
    const { baseUrl } = running.server;
    await publishVersion(1, "Morning talks");
    const pages = await Promise.all(
      Array.from({ length: 24 }, async () => (await fetch(`${baseUrl}${page}`)).text()),
    );
    expect(pages.every((html) => html.includes("Morning talks"))).toBe(true);
    const json = (await (await fetch(`${baseUrl}${page}.json`)).json()) as { version: number };
    expect(json.version).toBe(1);

    await publishVersion(2, "Afternoon talks");
    const again = await Promise.all(
      Array.from({ length: 24 }, async () => (await fetch(`${baseUrl}${page}`)).text()),
    );
    expect(again.every((html) => html.includes("Afternoon talks"))).toBe(true);
  });

  it("crafted calendar file names are 4xx, never 5xx", async () => {
    const { port, baseUrl } = running.server;
    const targets = [
      `${page}/calendar/..%2F..%2Fetc%2Fpasswd.ics`,
      `${page}/calendar/../../etc/passwd.ics`,
      `${page}/calendar/${"a".repeat(5000)}.ics`,
      `${page}/calendar/%00.ics`,
      `${page}/calendar/%E0%A4%A.ics`,
      `${page}/calendar/.ics`,
      `${page}/calendar/slot-1.ics.ics`,
      `${page}/calendar/slot-1`,
      `${page}/calendar/`,
      `${page}.ics/x`,
      `${page}.json.ics`,
      `/sculc-1999-program.ics`,
      `/sculc-2023-program.ics`,
    ];
    for (const target of targets) {
      const answer = await sendRaw(port, get(target));
      reportMeasurement(`GET ${target.slice(0, 60)}: ${answer.status}`);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
    }
    // A query string changes nothing.
    expect((await fetch(`${baseUrl}${page}.ics?x=%&y=${"y".repeat(2000)}`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });

  it("a crowd gets every file; a calendar polling with its ETag gets 304 until the next publish", async () => {
    const { baseUrl } = running.server;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const target = [`${page}.ics`, `${page}.json`, `${page}/calendar/slot-1.ics`, page][
          index % 4
        ];
        const response = await fetch(`${baseUrl}${target}`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    reportMeasurement(
      `100 parallel program requests: ${Math.round(performance.now() - started)} ms`,
    );
    expect(answers.every((status) => status === 200)).toBe(true);

    const feed = await fetch(`${baseUrl}${page}.ics`);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("no-cache");
    const etag = feed.headers.get("etag") ?? "";
    const polled = await fetch(`${baseUrl}${page}.ics`, { headers: { "if-none-match": etag } });
    expect(polled.status).toBe(304);
    await publishVersion(3, "Evening talks");
    const changed = await fetch(`${baseUrl}${page}.ics`, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("SUMMARY:Evening talks");
  });
});
