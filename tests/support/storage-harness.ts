import crypto from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import S3rver from "s3rver";
import type { FileStorage } from "~/lib/storage/file-storage";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { createS3FileStorage } from "~/lib/storage/s3-file-storage.server";

/**
 * What the file storage tests share: a local folder and an s3rver behind a fault-injecting front server,
 * and helpers to make, read and list bodies.
 */
export const MiB = 1024 * 1024;

export type Harness = {
  storage: FileStorage;
  /** What failed puts could leave behind: temporary files, or multipart uploads never finished. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
};

export async function startLocal(): Promise<Harness> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-local-"));
  return {
    storage: createLocalFileStorage(root),
    leftovers: () => listDir(path.join(root, ".incoming")),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
}

export type Fault = {
  status: number;
  remaining: number;
  matches: (method: string, url: URL) => boolean;
};
export type S3Harness = Harness & {
  /** Answers the next `times` matching requests with `status` (and an empty body) instead of s3rver. */
  fail(status: number, times: number, matches: Fault["matches"]): void;
  config: Parameters<typeof createS3FileStorage>[0];
  /** Every request that reached the server. */
  requests: { method: string; url: URL }[];
};

export const bucket = "abstracts-test";

/**
 * s3rver (a real S3 server in JavaScript, storing to a folder) behind a plain HTTP server that can
 * inject failures. s3rver has no AbortMultipartUpload; the front server supplies it by removing the
 * upload's parts folder, which is also where incomplete uploads are counted.
 */
export async function startS3(): Promise<S3Harness> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-s3-"));
  const s3rver = new S3rver({
    directory: root,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3rver.configureBuckets();
  // The store is s3rver's own field, left out of its type declarations.
  answerWritesOnceStored((s3rver as unknown as { store: S3rverStore }).store);
  const handle = s3rver.callback();
  const uploadsDir = path.join(root, bucket, "._S3rver_uploads");
  const faults: Fault[] = [];
  const requests: S3Harness["requests"] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://s3");
    const method = req.method ?? "GET";
    requests.push({ method, url });
    const fault = faults.find(
      (candidate) => candidate.remaining > 0 && candidate.matches(method, url),
    );
    if (fault) {
      fault.remaining--;
      // Read the body first, as a real server would, so the client sees the status, not a reset.
      req.resume();
      req.on("end", () => res.writeHead(fault.status).end());
      return;
    }
    const uploadId = url.searchParams.get("uploadId");
    if (method === "DELETE" && uploadId !== null) {
      if (!/^[0-9a-f]+$/.test(uploadId)) return void res.writeHead(404).end();
      fs.rm(path.join(uploadsDir, uploadId), { recursive: true, force: true }).then(
        () => res.writeHead(204).end(),
        () => res.writeHead(500).end(),
      );
      return;
    }
    handle(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  const config = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's built-in account.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    storage: createS3FileStorage(config),
    config,
    leftovers: () => listDir(uploadsDir),
    fail(status, times, matches) {
      faults.push({ status, remaining: times, matches });
    },
    requests,
    async close() {
      server.closeAllConnections();
      server.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

export function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The folder's entries once it has any (polled: there is no event for a file another stream opens). */
export async function waitForEntries(dir: string, timeoutMs = 5_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await listDir(dir);
    if (names.length > 0 || Date.now() > deadline) return names;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** `totalBytes` of random data, produced in chunks as a busboy file stream would be. */
export function generatedBody(totalBytes: number, chunkBytes = 64 * 1024) {
  const hash = crypto.createHash("sha256");
  async function* chunks() {
    for (let sent = 0; sent < totalBytes; sent += chunkBytes) {
      const chunk = crypto.randomBytes(Math.min(chunkBytes, totalBytes - sent));
      hash.update(chunk);
      yield chunk;
    }
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  return { stream, sha256: () => hash.digest("hex") };
}

export function sha256(data: Buffer) {
  return crypto.createHash("sha256").update(data).digest("hex");
}

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function keysUnder(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

export const pdf = { contentType: "application/pdf" };
export const uniquePrefix = () => `abstracts/${crypto.randomUUID()}/`;

type S3rverStore = {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  putPart(
    bucket: string,
    uploadId: string,
    partNumber: number,
    content: Readable,
  ): Promise<{ size: number; md5: string }>;
};
type S3rverObject = { bucket: string; key: string; metadata: unknown; content: Buffer | Readable };

/**
 * s3rver answers a PUT (of an object or of a part) once the body has been read, before its file is
 * written: a GET sent at once may read the object cut short. S3 itself reads back what it has
 * acknowledged, and the site relies on that (moving data reads every file back), so the stand-in's
 * two writes are replaced by ones that answer after the file is on disk. Same files, same answers.
 */
function answerWritesOnceStored(store: S3rverStore): void {
  async function writeInFull(content: Buffer | Readable, file: string) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const md5 = crypto.createHash("md5");
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
    await pipeline(source, counted, createWriteStream(file));
    return { size, md5: md5.digest("hex") };
  }
  store.putObject = async (object) => {
    const written = await writeInFull(
      object.content,
      store.getResourcePath(object.bucket, object.key, "object"),
    );
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const file = path.join(
      store.getResourcePath(bucket, undefined, "uploads"),
      uploadId,
      `${partNumber}`,
    );
    const written = await writeInFull(content, file);
    await fs.writeFile(`${file}.md5`, written.md5);
    return written;
  };
}
