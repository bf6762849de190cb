import crypto from "node:crypto";

/**
 * A fresh 128-bit nonce for each response's Content-Security-Policy. The random bytes are drawn from the
 * operating system 256 nonces at a time (one system call instead of one per request, as Node does for
 * randomUUID); no nonce is handed out twice.
 */
export function createNonceSource(): () => string {
  const nonceBytes = 16;
  const pool = Buffer.alloc(nonceBytes * 256);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      crypto.randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString("base64", offset, offset + nonceBytes);
    offset += nonceBytes;
    return nonce;
  };
}
