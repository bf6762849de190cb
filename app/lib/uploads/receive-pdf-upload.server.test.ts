import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inflatingPdf } from "../../../tests/robustness/support/inflating-pdf";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { createLocalFileStorage } from "../storage/local-file-storage.server";
import { receivePdfUpload } from "./receive-pdf-upload.server";
import type { UploadAdmission } from "./upload-admission.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const boundary = "----pipeline-test";
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function storage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pipeline-"));
  roots.push(root);
  return { root, storage: createLocalFileStorage(root) };
}

function multipart(pdf: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** A post whose body reports whether anything read it. */
function post(body: Buffer, signal?: AbortSignal) {
  const read = { isRead: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.isRead = true;
        controller.enqueue(new Uint8Array(body));
        controller.close();
      },
      // Nothing is pulled before someone reads.
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: stream,
    signal,
    duplex: "half",
  } as RequestInit);
  return { request, read };
}

function filesUnder(root: string): string[] {
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String) : [];
}

describe("the upload pipeline", () => {
  it("refuses before reading a byte of the body when the admission says no", async () => {
    const { storage: files } = storage();
    const admission: UploadAdmission = {
      admit: async () => ({ ok: false, reason: "upload-in-progress", retryAfterSeconds: 360 }),
    };
    const { request, read } = post(multipart(await makeAbstractPdf()));
    let isRecorded = false;
    const outcome = await receivePdfUpload(
      { storage: files, logger: silentLogger, admission },
      request,
      {
        accountId: "ada",
        fileField: "file",
        maxBytes: 10 * 1024 * 1024,
        maxPages: 20,
        storageKey: "abstracts/ada/one.pdf",
        record: async () => {
          isRecorded = true;
          return { ok: true, value: null };
        },
      },
    );
    expect(outcome).toEqual({ ok: false, reason: "upload-in-progress", retryAfterSeconds: 360 });
    expect(read.isRead).toBe(false);
    expect(isRecorded).toBe(false);
  });

  it("cancels the check and records nothing when the client goes while its file is checked, and releases the lease", async () => {
    const { root, storage: files } = storage();
    let released = 0;
    const admission: UploadAdmission = {
      admit: async () => ({
        ok: true,
        release: async () => {
          released++;
        },
      }),
    };
    const gone = new AbortController();
    const { request } = post(multipart(await inflatingPdf()), gone.signal);
    let isRecorded = false;
    const started = performance.now();
    const outcome = receivePdfUpload({ storage: files, logger: silentLogger, admission }, request, {
      accountId: "ada",
      fileField: "file",
      maxBytes: 10 * 1024 * 1024,
      maxPages: 20,
      storageKey: "abstracts/ada/two.pdf",
      record: async () => {
        isRecorded = true;
        return { ok: true, value: null };
      },
    });
    // The file is stored at once; its check (one to two seconds) is then under way or waiting.
    setTimeout(() => gone.abort(), 300);
    expect(await outcome).toEqual({ ok: false, reason: "aborted" });
    // Answered as soon as the check was stopped, not when it would have finished.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(isRecorded).toBe(false);
    expect(released).toBe(1);
    expect(filesUnder(root).filter((name) => name.endsWith(".pdf"))).toEqual([]);
  }, 30_000);
});
