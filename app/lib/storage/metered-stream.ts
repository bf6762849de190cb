import crypto from "node:crypto";
import { Transform } from "node:stream";

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    this.name = "FileTooLargeError";
  }
}

/**
 * Passes bytes through while counting and hashing them, and fails as soon as they exceed `maxBytes`, so
 * an oversized upload stops while it streams instead of after it has been stored.
 */
export function createMeteredStream(maxBytes: number) {
  const hash = crypto.createHash("sha256");
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    stream,
    /** Bytes seen, their SHA-256, and the first 8 bytes (for the file signature). */
    result: () => ({ size, sha256: hash.digest("hex"), head }),
  };
}
