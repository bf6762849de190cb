// The editors' picture uploads against the production server (2 workers): 30 pictures posted at once
// by 30 admins, a 12,000 x 12,000 PNG header bomb, and a connection dropped half-way through a photo.
// Every answer comes (no hang), none is a server error (a 503 is only the bounded "busy" of the worker
// pool's queue, with its message), the server still answers, and storage holds exactly the variants
// the database records: nothing half-stored, no uploaded original left behind.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/lib/db/database.server";
import { makePhoto, pngHeaderBomb } from "../support/image-fixtures";
import { multipartBody } from "../support/media-uploads";
import { formHeaders, type SignedInUser, signUpAndSignIn } from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";

const parallelUploads = 30;
const boundary = "----robust-media";
const endpoint = "/user-data/content/media";

type Answer = {
  status: number;
  body: { error?: string; id?: string; srcSet?: string };
  ms: number;
};

describe("editors' picture uploads under attack", () => {
  let server: ProductionServer;
  let handle: DatabaseHandle;
  let admins: SignedInUser[] = [];

  beforeAll(async () => {
    server = await startProductionServer({ env: { WEB_CONCURRENCY: "2" } });
    handle = openDatabase({ dialect: "sqlite", filename: path.join(server.dataDir, "app.db") });
    // One account per upload: an account has one upload in flight at a time.
    for (let batch = 0; batch < parallelUploads; batch += 10) {
      admins.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => signUpAndSignIn(server)))),
      );
    }
    admins = admins.slice(0, parallelUploads);
    await handle.db
      .updateTable("user")
      .set({ role: "admin" })
      .where(
        "email",
        "in",
        admins.map((admin) => admin.email),
      )
      .execute();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await handle?.close();
  });

  async function post(admin: SignedInUser, bytes: Buffer, purpose = "photo"): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${endpoint}?purpose=${purpose}`, {
      method: "POST",
      headers: formHeaders(server, {
        cookie: admin.cookie,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      }),
      body: new Uint8Array(
        multipartBody({}, { name: "photo.jpg", type: "image/jpeg", bytes }, boundary),
      ),
      signal: AbortSignal.timeout(60_000),
    });
    return {
      status: response.status,
      body: (await response.json()) as Answer["body"],
      ms: performance.now() - started,
    };
  }

  /** Files under the media folder, and what the database says should be there. */
  async function storedAndRecorded() {
    const root = path.join(server.dataDir, "uploads");
    const stored = fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      : [];
    const rows = await handle.db.selectFrom("media").select("variants").execute();
    const recorded = rows.flatMap((row) =>
      (JSON.parse(row.variants) as { key: string }[]).map((variant) => variant.key),
    );
    return { stored: stored.sort(), recorded: [...new Set(recorded)].sort() };
  }

  it(`${parallelUploads} pictures at once: every one answered, none a server error, all stored whole`, async () => {
    const photos = await Promise.all(
      Array.from({ length: parallelUploads }, (_, index) =>
        makePhoto({ width: 1400 + index * 8, height: 1000 }),
      ),
    );
    const started = performance.now();
    const answers = await Promise.all(
      admins.map((admin, index) => post(admin, photos[index] as Buffer)),
    );
    const seconds = (performance.now() - started) / 1000;
    const byStatus: Record<string, Answer[]> = {};
    for (const answer of answers) {
      byStatus[String(answer.status)] = [...(byStatus[String(answer.status)] ?? []), answer];
    }
    reportMeasurement(
      `media: ${parallelUploads} parallel uploads in ${seconds.toFixed(1)} s: ${Object.entries(
        byStatus,
      )
        .map(([status, list]) => `${list.length} x ${status}`)
        .join(", ")}; slowest ${Math.max(...answers.map((answer) => answer.ms)).toFixed(0)} ms`,
    );
    for (const answer of answers) {
      if (answer.status === 201) {
        expect(answer.body.srcSet).toMatch(/^\/media\/[0-9a-f]{64}\.webp 480w/);
        continue;
      }
      // The one 5xx allowed: the worker pool's bounded queue saying so, in words.
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatch(/busy checking other uploads/);
    }
    expect(byStatus["201"]?.length ?? 0).toBeGreaterThan(parallelUploads / 2);
    const { stored, recorded } = await storedAndRecorded();
    expect(stored).toEqual(recorded);
    expect(recorded).toHaveLength((byStatus["201"]?.length ?? 0) * 3);

    // A stored variant is served immutable; crafted names never reach the storage.
    const first = answers.find((answer) => answer.status === 201)?.body.srcSet?.split(" ")[0];
    const served = await fetch(`${server.baseUrl}${first}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-type")).toBe("image/webp");
    for (const crafted of [
      "/media/..%2Fapp.db",
      "/media/%2e%2e%2F%2e%2e%2Fapp.db",
      "/media/incoming",
    ]) {
      const response = await fetch(`${server.baseUrl}${crafted}`);
      expect(response.status, crafted).toBe(404);
    }
  }, 120_000);

  it("refuses an account that is not an admin before reading the picture", async () => {
    const someone = await signUpAndSignIn(server);
    const response = await fetch(`${server.baseUrl}${endpoint}?purpose=photo`, {
      method: "POST",
      headers: formHeaders(server, {
        cookie: someone.cookie,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      }),
      body: new Uint8Array(
        multipartBody(
          {},
          { name: "a.jpg", type: "image/jpeg", bytes: await makePhoto() },
          boundary,
        ),
      ),
    });
    expect(response.status).toBe(403);
    const { stored, recorded } = await storedAndRecorded();
    expect(stored).toEqual(recorded);
  });

  it("refuses a 12,000 x 12,000 PNG header bomb at once, with its size in the message", async () => {
    const answer = await post(admins[0] as SignedInUser, await pngHeaderBomb());
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/12,000 x 12,000 pixels/);
    expect(answer.ms).toBeLessThan(5_000);
  });

  it("drops nothing half-stored when the connection closes mid-upload, and keeps answering", async () => {
    const admin = admins[1] as SignedInUser;
    const photo = Buffer.concat([
      await makePhoto({ width: 2000, height: 1500 }),
      crypto.randomBytes(4 * 1024 * 1024),
    ]);
    const body = multipartBody({}, { name: "big.jpg", type: "image/jpeg", bytes: photo }, boundary);
    const url = new URL(server.baseUrl);
    const socket = net.connect(Number(url.port), "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    socket.on("error", () => {});
    socket.write(
      [
        `POST ${endpoint}?purpose=photo HTTP/1.1`,
        `Host: ${url.host}`,
        `Origin: ${server.baseUrl}`,
        `Cookie: ${admin.cookie}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length}`,
        "",
        "",
      ].join("\r\n"),
    );
    await new Promise<void>((resolve) =>
      socket.write(body.subarray(0, body.length / 2), () => resolve()),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();

    const health = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
    // The same account may upload again once the server has seen the connection close.
    let again: Answer | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      again = await post(admin, await makePhoto({ width: 700, height: 500 }));
      if (again.status !== 429) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(again?.status).toBe(201);
    const { stored, recorded } = await storedAndRecorded();
    expect(stored).toEqual(recorded);
    expect(stored.filter((key) => key.includes("incoming"))).toEqual([]);
  }, 60_000);
});
