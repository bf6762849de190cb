import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StartupError } from "../startup-error";
import type { FileStorage } from "./file-storage";
import { createLocalFileStorage } from "./local-file-storage.server";
import { createMeteredStream, FileTooLargeError } from "./metered-stream";
import { createS3FileStorage } from "./s3-file-storage.server";

const MiB = 1024 * 1024;

type Harness = {
  storage: FileStorage;
  /** What failed puts could leave behind: temporary files, or multipart uploads never finished. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
};

async function startLocal(): Promise<Harness> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-local-"));
  return {
    storage: createLocalFileStorage(root),
    leftovers: () => listDir(path.join(root, ".incoming")),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
}

type Fault = { status: number; remaining: number; matches: (method: string, url: URL) => boolean };
type S3Harness = Harness & {
  /** Answers the next `times` matching requests with `status` (and an empty body) instead of s3rver. */
  fail(status: number, times: number, matches: Fault["matches"]): void;
  config: Parameters<typeof createS3FileStorage>[0];
  /** Every request that reached the server. */
  requests: { method: string; url: URL }[];
};

const bucket = "abstracts-test";

/**
 * s3rver (a real S3 server in JavaScript, storing to a folder) behind a plain HTTP server that can
 * inject failures. s3rver has no AbortMultipartUpload; the front server supplies it by removing the
 * upload's parts folder, which is also where incomplete uploads are counted.
 */
async function startS3(): Promise<S3Harness> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-s3-"));
  const s3rver = new S3rver({
    directory: root,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3rver.configureBuckets();
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

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The folder's entries once it has any (polled: there is no event for a file another stream opens). */
async function waitForEntries(dir: string, timeoutMs = 5_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await listDir(dir);
    if (names.length > 0 || Date.now() > deadline) return names;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** `totalBytes` of random data, produced in chunks as a busboy file stream would be. */
function generatedBody(totalBytes: number, chunkBytes = 64 * 1024) {
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

function sha256(data: Buffer) {
  return crypto.createHash("sha256").update(data).digest("hex");
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysUnder(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

const pdf = { contentType: "application/pdf" };
const uniquePrefix = () => `abstracts/${crypto.randomUUID()}/`;

const drivers: { name: string; start: () => Promise<Harness> }[] = [
  { name: "local folder", start: startLocal },
  { name: "S3 bucket (s3rver)", start: startS3 },
];

for (const driver of drivers) {
  describe(`file storage on ${driver.name}`, { timeout: 30_000 }, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await driver.start();
    });
    afterAll(() => harness?.close());

    it("stores a streamed body larger than one upload part and reads it back whole", async () => {
      const key = `${uniquePrefix()}large.pdf`;
      const body = generatedBody(12 * MiB);
      await harness.storage.put(key, body.stream, pdf);

      const read = await harness.storage.read(key);
      expect(read.length).toBe(12 * MiB);
      expect(sha256(read)).toBe(body.sha256());
    });

    it("opens a stored file as a stream with its size", async () => {
      const key = `${uniquePrefix()}small.pdf`;
      const content = crypto.randomBytes(300 * 1024);
      await harness.storage.put(key, Readable.from([content]), pdf);

      const opened = await harness.storage.open(key);
      expect(opened?.size).toBe(content.length);
      expect(opened && sha256(await collect(opened.body))).toBe(sha256(content));
    });

    it("opens a missing file as null", async () => {
      expect(await harness.storage.open(`${uniquePrefix()}missing.pdf`)).toBeNull();
    });

    it("deletes a file, and deleting a missing file is not an error", async () => {
      const key = `${uniquePrefix()}gone.pdf`;
      await harness.storage.put(key, Readable.from([Buffer.from("%PDF-1.7")]), pdf);
      await harness.storage.delete(key);
      expect(await harness.storage.open(key)).toBeNull();
      await expect(harness.storage.delete(key)).resolves.toBeUndefined();
      await expect(harness.storage.delete(`${uniquePrefix()}never.pdf`)).resolves.toBeUndefined();
    });

    it("lists exactly the files under a prefix, with their modification times", async () => {
      const prefix = uniquePrefix();
      const keys = [`${prefix}u1/a.pdf`, `${prefix}u1/b.pdf`, `${prefix}u1/deeper/c.pdf`];
      const others = [`${prefix}u12/d.pdf`, `${prefix}u2/e.pdf`];
      for (const key of [...keys, ...others]) {
        await harness.storage.put(key, Readable.from([Buffer.from(key)]), pdf);
      }

      const listed: { key: string; lastModified: Date }[] = [];
      for await (const file of harness.storage.list(`${prefix}u1/`)) listed.push(file);
      expect(listed.map((file) => file.key).sort()).toEqual(keys);
      for (const file of listed) {
        expect(file.lastModified).toBeInstanceOf(Date);
        expect(Math.abs(file.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
      }
      expect(await keysUnder(harness.storage, `${uniquePrefix()}`)).toEqual([]);
      // A prefix is a string prefix, as on S3, not a folder name.
      expect((await keysUnder(harness.storage, `${prefix}u1`)).sort()).toEqual(
        [...keys, `${prefix}u12/d.pdf`].sort(),
      );
    });

    it.each([
      ["within the first part", 1 * MiB],
      ["half-way, after the first part", 7 * MiB],
    ])("leaves nothing when the source fails %s", async (_when, maxBytes) => {
      const prefix = uniquePrefix();
      const key = `${prefix}too-large.pdf`;
      const source = generatedBody(12 * MiB);
      const meter = createMeteredStream(maxBytes);

      await expect(harness.storage.put(key, source.stream.pipe(meter.stream), pdf)).rejects.toThrow(
        FileTooLargeError,
      );
      source.stream.destroy();

      expect(await harness.storage.open(key)).toBeNull();
      expect(await keysUnder(harness.storage, prefix)).toEqual([]);
      expect(await harness.leftovers()).toEqual([]);
    });

    it("leaves nothing when the source has failed before the driver reads it", async () => {
      const key = `${uniquePrefix()}too-large.pdf`;
      const meter = createMeteredStream(1024);
      meter.stream.on("error", () => {});
      const closed = new Promise((resolve) => meter.stream.once("close", resolve));
      meter.stream.write(Buffer.alloc(2048));
      await closed;
      expect(meter.stream.errored).toBeInstanceOf(FileTooLargeError);

      await expect(harness.storage.put(key, meter.stream, pdf)).rejects.toThrow(FileTooLargeError);
      expect(await harness.storage.open(key)).toBeNull();
      expect(await harness.leftovers()).toEqual([]);
    });
  });
}

describe("file storage on S3: retries and configuration", { timeout: 30_000 }, () => {
  let s3: S3Harness;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it.each([503, 500, 501, 408, 429])(
    "retries a request answered with %i, for uploaded parts and downloads",
    async (status) => {
      const key = `${uniquePrefix()}retried.pdf`;
      const isKey = (url: URL) => url.pathname === `/${bucket}/${key}`;
      s3.fail(status, 1, (method, url) => method === "PUT" && isKey(url));
      s3.fail(status, 1, (method, url) => method === "GET" && isKey(url));
      const body = generatedBody(6 * MiB);

      await s3.storage.put(key, body.stream, pdf);
      expect(sha256(await s3.storage.read(key))).toBe(body.sha256());
      const seen = s3.requests.filter((request) => isKey(request.url));
      const firstParts = seen.filter(
        ({ method, url }) => method === "PUT" && url.searchParams.get("partNumber") === "1",
      );
      expect(firstParts).toHaveLength(2);
      expect(seen.filter(({ method }) => method === "GET")).toHaveLength(2);
    },
  );

  it("aborts the multipart upload of a failed source, and reports the source's error even if the abort fails", async () => {
    const key = `${uniquePrefix()}too-large.pdf`;
    const isAbort = (method: string, url: URL) =>
      method === "DELETE" &&
      url.pathname === `/${bucket}/${key}` &&
      url.searchParams.has("uploadId");
    s3.fail(403, 1, isAbort);
    const source = generatedBody(12 * MiB);
    const meter = createMeteredStream(7 * MiB);

    await expect(s3.storage.put(key, source.stream.pipe(meter.stream), pdf)).rejects.toThrow(
      FileTooLargeError,
    );
    source.stream.destroy();
    const seen = s3.requests.filter(({ url }) => url.pathname === `/${bucket}/${key}`);
    expect(
      seen.some(({ method, url }) => method === "POST" && url.searchParams.has("uploads")),
    ).toBe(true);
    expect(seen.filter(({ method, url }) => isAbort(method, url))).toHaveLength(1);
    expect(await s3.storage.open(key)).toBeNull();
  });

  it("gives up after four attempts", async () => {
    const key = `${uniquePrefix()}unavailable.pdf`;
    await s3.storage.put(key, Readable.from([Buffer.from("%PDF-1.7")]), pdf);
    s3.fail(503, 10, (method, url) => method === "GET" && url.pathname.endsWith(key));

    await expect(s3.storage.read(key)).rejects.toMatchObject({
      $metadata: { httpStatusCode: 503, attempts: 4 },
    });
  });

  it("does not retry a client error", async () => {
    const key = `${uniquePrefix()}forbidden.pdf`;
    s3.fail(403, 10, (method, url) => method === "GET" && url.pathname.endsWith(key));

    await expect(s3.storage.read(key)).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403, attempts: 1 },
    });
  });

  it("signs with the SDK's default credential chain when no keys are configured", async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    // s3rver checks the access key ID only (it does not verify SigV4 signatures).
    process.env.AWS_ACCESS_KEY_ID = "S3RVER";
    process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
    try {
      const storage = createS3FileStorage({
        ...s3.config,
        accessKeyId: undefined,
        secretAccessKey: undefined,
      });
      const key = `${uniquePrefix()}from-environment.pdf`;
      await storage.put(key, Readable.from([Buffer.from("%PDF-1.7")]), pdf);
      expect((await storage.read(key)).toString()).toBe("%PDF-1.7");
    } finally {
      restoreEnv("AWS_ACCESS_KEY_ID", saved.id);
      restoreEnv("AWS_SECRET_ACCESS_KEY", saved.secret);
    }
  });

  it("describes the bucket and endpoint without secrets", () => {
    const config = {
      bucket: "abstracts",
      region: "eu-west-1",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI-secret",
      forcePathStyle: false,
    };
    const custom = createS3FileStorage({
      ...config,
      endpoint: "https://user:password@s3.example.org:9000/",
    }).describe();
    expect(custom).toBe("S3 bucket abstracts at https://s3.example.org:9000");
    expect(createS3FileStorage({ ...config, endpoint: undefined }).describe()).toBe(
      "S3 bucket abstracts at AWS",
    );
  });

  it("refuses an access key without its secret", () => {
    expect(() =>
      createS3FileStorage({
        bucket: "abstracts",
        region: "us-east-1",
        endpoint: undefined,
        accessKeyId: "AKIDEXAMPLE",
        secretAccessKey: undefined,
        forcePathStyle: false,
      }),
    ).toThrow(StartupError);
  });
});

describe("file storage on a local folder: uploads a crash cut off", () => {
  it("removes temporary files of processes that are gone, and spares live uploads", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-incoming-"));
    try {
      const storage = createLocalFileStorage(root);
      const incoming = path.join(root, ".incoming");
      await fs.mkdir(incoming, { recursive: true });
      const host = encodeURIComponent(os.hostname());
      // Above Linux's largest process id, so no such process exists.
      const gone = `${host}.4194399.${crypto.randomUUID()}`;
      const live = `${host}.${process.pid}.${crypto.randomUUID()}`;
      const otherHost = `other.host.example.12.${crypto.randomUUID()}`;
      const staleOtherHost = `other.host.example.13.${crypto.randomUUID()}`;
      for (const name of [gone, live, otherHost, staleOtherHost]) {
        await fs.writeFile(path.join(incoming, name), "partial");
      }
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await fs.utimes(path.join(incoming, staleOtherHost), twoHoursAgo, twoHoursAgo);

      expect(await storage.removeInterruptedUploads()).toBe(2);
      expect((await listDir(incoming)).sort()).toEqual([live, otherHost].sort());
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("names temporary files after the host and process writing them", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-incoming-"));
    try {
      const storage = createLocalFileStorage(root);
      let seen: string[] = [];
      const body = new Readable({
        read() {
          // The write stream opens its file asynchronously, so the first read can come before the
          // file exists: wait for it rather than look once.
          waitForEntries(path.join(root, ".incoming")).then((names) => {
            seen = names;
            this.push(Buffer.from("%PDF-1.7"));
            this.push(null);
          });
        },
      });
      await storage.put("abstracts/u/named.pdf", body, pdf);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(
        new RegExp(
          `^${encodeURIComponent(os.hostname()).replace(/\./g, "\\.")}\\.${process.pid}\\.`,
        ),
      );
      expect(await storage.removeInterruptedUploads()).toBe(0);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
