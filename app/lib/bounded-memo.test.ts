import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("a bounded memo", () => {
  it("computes each key once, keeps at most its limit, and forgets the oldest first", () => {
    const computed: string[] = [];
    const upper = boundedMemo(
      (key) => {
        computed.push(key);
        return key.toUpperCase();
      },
      { limit: 2, maxKeyLength: 10 },
    );
    expect([upper("a"), upper("b"), upper("a")]).toEqual(["A", "B", "A"]);
    expect(computed).toEqual(["a", "b"]);
    upper("c"); // forgets "a", the oldest
    expect([upper("b"), upper("a")]).toEqual(["B", "A"]);
    expect(computed).toEqual(["a", "b", "c", "a"]);
  });

  it("computes again the answers it is told not to keep", () => {
    let calls = 0;
    const checked = boundedMemo(
      (key) => {
        calls++;
        return key.startsWith("ok") ? key : null;
      },
      { limit: 10, maxKeyLength: 10, keep: (value) => value !== null },
    );
    expect([checked("bad"), checked("bad"), checked("ok1"), checked("ok1")]).toEqual([
      null,
      null,
      "ok1",
      "ok1",
    ]);
    expect(calls).toBe(3);
  });

  it("never keeps a key longer than its bound, however often it comes", () => {
    let calls = 0;
    const length = boundedMemo(
      (key) => {
        calls++;
        return key.length;
      },
      { limit: 10, maxKeyLength: 8 },
    );
    const long = "x".repeat(9);
    expect([length(long), length(long), length("x".repeat(8)), length("x".repeat(8))]).toEqual([
      9, 9, 8, 8,
    ]);
    expect(calls).toBe(3);
  });
});
