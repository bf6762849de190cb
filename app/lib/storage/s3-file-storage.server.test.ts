import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bucket,
  generatedBody,
  MiB,
  pdf,
  restoreEnv,
  type S3Harness,
  sha256,
  startS3,
  uniquePrefix,
} from "../../../tests/support/storage-harness";
import { StartupError } from "../startup-error";
import { createMeteredStream, FileTooLargeError } from "./metered-stream";
import { createS3FileStorage } from "./s3-file-storage.server";

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
