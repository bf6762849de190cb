import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listDir, pdf, waitForEntries } from "../../../tests/support/storage-harness";
import { createLocalFileStorage } from "./local-file-storage.server";

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

// A backup lists every stored file while uploads stream in and abstracts are withdrawn.
describe("file storage on a local folder: listing while files come and go", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("never looks into the uploads still streaming in, and skips a file deleted since its folder was read", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-list-"));
    try {
      const storage = createLocalFileStorage(root);
      await fs.mkdir(path.join(root, ".incoming"), { recursive: true });
      await fs.writeFile(path.join(root, ".incoming", "host.1.partial"), "partial");
      for (const key of ["a/kept.pdf", "a/withdrawn.pdf", "b/kept.pdf"]) {
        await storage.put(key, Readable.from([Buffer.from(key)]), pdf);
      }
      // The stat of one file fails as it would had the file been deleted between the two reads.
      const stat = fs.stat;
      const looked: string[] = [];
      vi.spyOn(fs, "stat").mockImplementation(async (file, ...rest) => {
        looked.push(String(file));
        if (String(file).endsWith("withdrawn.pdf")) {
          throw Object.assign(new Error("ENOENT: gone"), { code: "ENOENT" });
        }
        return stat(file, ...(rest as []));
      });
      const keys: string[] = [];
      for await (const file of storage.list("")) keys.push(file.key);
      expect(keys.sort()).toEqual(["a/kept.pdf", "b/kept.pdf"]);
      expect(looked.filter((file) => file.includes(".incoming"))).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
