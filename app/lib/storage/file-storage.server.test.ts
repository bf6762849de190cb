import crypto from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  generatedBody,
  type Harness,
  keysUnder,
  MiB,
  pdf,
  sha256,
  startLocal,
  startS3,
  uniquePrefix,
} from "../../../tests/support/storage-harness";
import { createMeteredStream, FileTooLargeError } from "./metered-stream";

// The contract every storage driver keeps, run against the local folder and against S3 (s3rver).
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
