import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { abstractDetailParts } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { type SignedInUser, signUpAndSignIn } from "./support/accounts";
import {
  type ProductionServer,
  processTree,
  startProductionServer,
} from "./support/production-server";
import { reportMeasurement } from "./support/report";

// kill -9 of the whole server (supervisor and workers) while 20 uploads stream in (20 users, one each),
// then a restart on the same data: the database is intact, every submission row has its file with the
// recorded size and SHA-256 and downloads, and the interrupted uploads' temporary files are gone.
let server: ProductionServer | undefined;
afterAll(async () => {
  await server?.stop();
});

/** An upload whose body trickles in (64 KB every `delayMs`), so that it is still streaming when the server dies. */
async function slowUpload(
  baseUrl: string,
  user: SignedInUser,
  pdf: Buffer,
  delayMs: number,
): Promise<number | "failed"> {
  const boundary = `----crash-${crypto.randomBytes(4).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `${abstractDetailParts(boundary)}--${boundary}\r\nContent-Disposition: form-data; name="abstract"; filename="crash.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    [
      "POST /sculc/submit-abstract HTTP/1.1",
      `Host: localhost:${port}`,
      `Origin: ${baseUrl}`,
      `Cookie: ${user.cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  for (let sent = 0; sent < body.length && !socket.destroyed; sent += 64 * 1024) {
    socket.write(body.subarray(sent, sent + 64 * 1024));
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  await closed;
  const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
  return status ? Number(status) : "failed";
}

describe("kill -9 during 20 concurrent uploads", () => {
  it("leaves a consistent database and storage after a restart", async () => {
    server = await startProductionServer({ env: { WEB_CONCURRENCY: "2" } });
    const { dataDir } = server;
    // One account per upload: an account may have only one upload in flight.
    const users = await Promise.all(
      Array.from({ length: 20 }, () => signUpAndSignIn(server as ProductionServer)),
    );
    // About 1.5 MB each: a real abstract with an attachment of random (incompressible) bytes.
    const document = await PDFDocument.load(await makeAbstractPdf({ words: 200 }));
    await document.attach(new Uint8Array(crypto.randomBytes(1_500_000)), "data.bin", {
      mimeType: "application/octet-stream",
    });
    const pdf = Buffer.from(await document.save({ useObjectStreams: false }));
    const incoming = path.join(dataDir, "uploads", ".incoming");
    const temporaryFiles = () => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);

    // Four uploads go at full speed and complete; the other 16 trickle (64 KB every 400 ms, about
    // 10 s each) and are cut off.
    const baseUrl = server.baseUrl;
    const fast = users.slice(0, 4).map((user) => slowUpload(baseUrl, user, pdf, 0));
    const slow = users.slice(4).map((user) => slowUpload(baseUrl, user, pdf, 400));
    const outcomes = [...fast, ...slow];
    await Promise.all(fast);
    const deadline = Date.now() + 30_000;
    while (temporaryFiles().length < 8 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const inFlightAtKill = temporaryFiles().length;
    for (const pid of processTree(server.child.pid ?? 0)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    await server.exited;
    const statuses = await Promise.all(outcomes);
    const leftBehind = temporaryFiles().length;

    server = await startProductionServer({ dataDir, env: { WEB_CONCURRENCY: "2" } });
    const database = new Database(path.join(dataDir, "app.db"), { readonly: true });
    const integrity = database.pragma("integrity_check", { simple: true });
    const rows = database
      .prepare("select id, user_id, storage_key, size_bytes, sha256 from submission")
      .all() as {
      id: string;
      user_id: string;
      storage_key: string;
      size_bytes: number;
      sha256: string;
    }[];
    database.close();

    for (const user of users) {
      const response = await fetch(`${server.baseUrl}/profile`, {
        headers: { cookie: user.cookie },
      });
      expect(response.status).toBe(200);
    }
    let downloaded = 0;
    for (const row of rows) {
      const file = path.join(dataDir, "uploads", row.storage_key);
      const bytes = fs.readFileSync(file);
      expect(bytes.length).toBe(Number(row.size_bytes));
      expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(row.sha256);
      // The owner downloads it (sessions survive the restart).
      for (const user of users) {
        const response = await fetch(`${server.baseUrl}/files/abstracts/${row.id}`, {
          headers: { cookie: user.cookie },
        });
        if (response.status !== 200) {
          await response.body?.cancel();
          continue;
        }
        const served = Buffer.from(await response.arrayBuffer());
        expect(crypto.createHash("sha256").update(served).digest("hex")).toBe(row.sha256);
        downloaded++;
      }
    }
    reportMeasurement(
      `20 uploads (20 users, ~1.5 MB each), kill -9 of the supervisor and workers with ${inFlightAtKill} temporary files being written: ` +
        `answers ${JSON.stringify(countBy(statuses))}; ` +
        `after restart: integrity_check ${integrity}, ${rows.length} rows, all files present with their size and SHA-256, ${downloaded} downloaded; ` +
        `temporary files ${leftBehind} before restart, ${temporaryFiles().length} after`,
    );
    expect(integrity).toBe("ok");
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(leftBehind).toBeGreaterThan(0);
    expect(temporaryFiles()).toEqual([]);
    // An upload committed just before the kill has its row even if its answer never left.
    expect(rows.length).toBeGreaterThanOrEqual(statuses.filter((status) => status === 302).length);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(downloaded).toBe(rows.length);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});

function countBy(values: readonly (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
