import { describe, expect, it } from "vitest";
import { createNonceSource } from "./csp-nonce";

describe("the Content-Security-Policy nonces", () => {
  it("are 128 random bits each, never the same twice, across many refills of the pool", () => {
    const nextNonce = createNonceSource();
    const nonces = Array.from({ length: 256 * 5 + 3 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    // Two sources (two workers) draw their own bytes.
    const other = createNonceSource();
    expect(nonces).not.toContain(other());
  });
});
