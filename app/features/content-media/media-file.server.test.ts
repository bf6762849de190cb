import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { serveMediaFile } from "./media-file.server";

const hash = "a".repeat(64);

/** A storage holding one file, which records every key it is asked for. */
function storageWith(key: string, bytes: Buffer) {
  const asked: string[] = [];
  return {
    asked,
    open: async (wanted: string) => {
      asked.push(wanted);
      return wanted === key ? { body: Readable.from([bytes]), size: bytes.length } : null;
    },
  };
}

const get = (headers: Record<string, string> = {}) =>
  new Request("http://localhost/media/x", { headers });

describe("serving media files", () => {
  it("serves a variant with a year's immutable caching, its type, nosniff and its hash as ETag", async () => {
    const storage = storageWith(`media/${hash}.webp`, Buffer.from("RIFF....WEBP"));
    const response = await serveMediaFile(storage, `${hash}.webp`, get());
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "image/webp",
      "x-content-type-options": "nosniff",
      etag: `"${hash}"`,
      "content-length": "12",
    });
    expect(await response.text()).toBe("RIFF....WEBP");
    const revalidated = await serveMediaFile(
      storage,
      `${hash}.webp`,
      get({ "if-none-match": `"${hash}"` }),
    );
    expect(revalidated.status).toBe(304);
  });

  it("serves a program PDF sandboxed, as the uploaded PDFs are", async () => {
    const storage = storageWith(`media/${hash}.pdf`, Buffer.from("%PDF-1.7"));
    const response = await serveMediaFile(storage, `${hash}.pdf`, get());
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
  });

  it("answers 404 for unknown and crafted names without asking the storage about crafted ones", async () => {
    const storage = storageWith(`media/${hash}.webp`, Buffer.from("x"));
    const crafted = [
      "../../../etc/passwd",
      `..%2F${hash}.webp`,
      `incoming%2F${hash}.webp`,
      `incoming/${hash}.webp`,
      `${hash.toUpperCase()}.webp`,
      `${hash}.webp.html`,
      `${hash}.svg`,
      `${"a".repeat(5000)}.webp`,
      "",
      undefined,
    ];
    for (const name of crafted) {
      const response = await serveMediaFile(storage, name, get());
      expect(response.status, String(name).slice(0, 80)).toBe(404);
    }
    expect(storage.asked).toEqual([]);
    const unknown = await serveMediaFile(storage, `${"b".repeat(64)}.webp`, get());
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBeNull();
  });
});
