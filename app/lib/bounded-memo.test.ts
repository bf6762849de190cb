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
      { limit: 2 },
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
      { limit: 10, keep: (value) => value !== null },
    );
    expect([checked("bad"), checked("bad"), checked("ok1"), checked("ok1")]).toEqual([
      null,
      null,
      "ok1",
      "ok1",
    ]);
    expect(calls).toBe(3);
  });
});
