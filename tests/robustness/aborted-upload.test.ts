import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db/database.server";
import { abstractDetailParts, withAbstractDetails } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { formHeaders } from "./support/accounts";
import { serverForThisFile } from "./support/production-server";

const running = serverForThisFile();

/** Sends a multipart upload's headers and `bytes` of its body, then drops the connection. */
async function dropUploadAfter(
  body: Buffer,
  boundary: string,
  bytes: number,
  declared: number,
  target = "/sculc/submit-abstract",
) {
  const url = new URL(running.server.baseUrl);
  const socket = net.connect(Number(url.port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => {});
  socket.write(
    [
      `POST ${target} HTTP/1.1`,
      `Host: ${url.host}`,
      `Origin: ${running.server.baseUrl}`,
      `Cookie: ${running.user.cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${declared}`,
      "",
      "",
    ].join("\r\n"),
  );
  if (bytes > 0)
    await new Promise<void>((resolve) => socket.write(body.subarray(0, bytes), () => resolve()));
  // Let the server start reading before the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

async function multipartBody(pdf: Buffer, boundary: string, field = "abstract"): Promise<Buffer> {
  return Buffer.concat([
    Buffer.from(
      `${field === "abstract" ? abstractDetailParts(boundary) : ""}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * A normal upload from the same account. Until the server has seen the dropped connection close, that
 * upload is still in flight and a new one is refused (429, one in flight per account): the retry
 * waits for that, a moment, as a person retrying would.
 */
async function uploadNormally(): Promise<number> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const form = withAbstractDetails(new FormData());
    form.set(
      "abstract",
      new File([new Uint8Array(await makeAbstractPdf())], "ok.pdf", { type: "application/pdf" }),
    );
    const response = await fetch(`${running.server.baseUrl}/sculc/submit-abstract`, {
      method: "POST",
      headers: formHeaders(running.server, { cookie: running.user.cookie }),
      body: form,
      redirect: "manual",
    });
    await response.body?.cancel();
    if (response.status !== 429 || Date.now() > deadline) return response.status;
    await sleep(100);
  }
}

describe("an upload dropped part-way", () => {
  const boundary = "----robustness-boundary";
  const points = [
    { name: "after the headers only", bytes: () => 0 },
    { name: "in the middle of the file", bytes: (body: Buffer) => Math.floor(body.length / 2) },
    { name: "just before the closing boundary", bytes: (body: Buffer) => body.length - 10 },
  ];
  for (const point of points) {
    it(`leaves the server answering (${point.name})`, async () => {
      const pdf = Buffer.concat([
        await makeAbstractPdf({ words: 200 }),
        Buffer.alloc(300_000, 0x20),
      ]);
      const body = await multipartBody(pdf, boundary);
      await dropUploadAfter(body, boundary, point.bytes(body), body.length + 5_000_000);
      const health = await fetch(`${running.server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      // The partial file is removed as soon as the server notices the connection has gone.
      const incoming = path.join(running.server.dataDir, "uploads", ".incoming");
      const leftovers = () => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);
      for (let attempt = 0; attempt < 40 && leftovers().length; attempt++) await sleep(50);
      expect(leftovers()).toEqual([]);
      expect(await uploadNormally()).toBe(302);
    });
  }
});

describe("a final-materials upload dropped part-way", () => {
  const boundary = "----robustness-boundary";

  /** Makes the signed-in user's newest abstract an accepted, released and confirmed talk. */
  async function confirmedAbstract(): Promise<string> {
    expect(await uploadNormally()).toBe(302);
    const handle = openDatabase({
      dialect: "sqlite",
      filename: path.join(running.server.dataDir, "app.db"),
    });
    try {
      const row = await handle.db
        .selectFrom("submission")
        .select("id")
        .orderBy("uploaded_at", "desc")
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await handle.db
        .updateTable("submission")
        .set({
          decision: "accepted",
          released_at: now,
          attendance: "confirmed",
          accepted_as: "talk",
        })
        .where("id", "=", row.id)
        .execute();
      await handle.db
        .insertInto("presenter_settings")
        .values({
          edition_year: 2025,
          confirm_by: null,
          materials_due: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
          updated_at: now,
          updated_by: null,
        })
        .onConflict((conflict) => conflict.column("edition_year").doNothing())
        .execute();
      return row.id;
    } finally {
      await handle.close();
    }
  }

  it("leaves no temporary file and the server answering", async () => {
    const submissionId = await confirmedAbstract();
    const pdf = Buffer.concat([await makeAbstractPdf({ words: 200 }), Buffer.alloc(300_000, 0x20)]);
    const body = await multipartBody(pdf, boundary, "material");
    await dropUploadAfter(
      body,
      boundary,
      Math.floor(body.length / 2),
      body.length + 5_000_000,
      `/sculc/final-materials?submission=${submissionId}`,
    );
    expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
    const incoming = path.join(running.server.dataDir, "uploads", ".incoming");
    const leftovers = () => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);
    for (let attempt = 0; attempt < 40 && leftovers().length; attempt++) await sleep(50);
    expect(leftovers()).toEqual([]);
    expect(fs.existsSync(path.join(running.server.dataDir, "uploads", "materials"))).toBe(false);
  });
});
