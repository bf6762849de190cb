import { describe, expect, it } from "vitest";
import { type Admission, FairQueue } from "./fair-queue";

const limits = { running: 1, waiting: 8, maxWaitMs: 5_000 };

/** Admits a task and records the order in which tasks start. */
function enqueue(queue: FairQueue, owner: string, started: string[], signal?: AbortSignal) {
  return queue.admit(owner, signal).then((admission) => {
    if (admission.admitted) started.push(owner);
    return admission;
  });
}

function releaseOf(admission: Admission): () => void {
  if (!admission.admitted) throw new Error(`not admitted: ${admission.reason}`);
  return admission.release;
}

describe("the PDF inspection queue", () => {
  it("takes owners in turn, so a flood from one waits behind everyone else's one file", async () => {
    const queue = new FairQueue(() => limits);
    const started: string[] = [];
    const admissions: Admission[] = [await enqueue(queue, "flood", started)];
    for (const owner of ["flood", "flood", "flood", "flood", "flood", "author", "other"]) {
      enqueue(queue, owner, started).then((admission) => admissions.push(admission));
    }
    expect(queue.waiting).toBe(7);
    for (let turn = 0; turn < 7; turn++) {
      releaseOf(admissions[turn] as Admission)();
      await new Promise((resolve) => setImmediate(resolve));
      expect(queue.running).toBe(1);
    }
    releaseOf(admissions[7] as Admission)();
    // The flood's second file goes first (it was waiting before the others came), then each owner in
    // turn: the author waited for two files, not for the whole flood.
    expect(started).toEqual([
      "flood",
      "flood",
      "author",
      "other",
      "flood",
      "flood",
      "flood",
      "flood",
    ]);
    expect(queue.running).toBe(0);
  });

  it("refuses at once when the waiting room is full, and after maxWaitMs when the turn never comes", async () => {
    const queue = new FairQueue(() => ({ running: 1, waiting: 1, maxWaitMs: 50 }));
    const running = await queue.admit("a");
    const waiting = queue.admit("b");
    expect(await queue.admit("c")).toEqual({ admitted: false, reason: "busy" });
    const started = performance.now();
    expect(await waiting).toEqual({ admitted: false, reason: "busy" });
    expect(performance.now() - started).toBeLessThan(500);
    expect(queue.waiting).toBe(0);
    releaseOf(running)();
    expect(queue.running).toBe(0);
  });

  it("lets a task whose caller gave up leave at once, and its turn go to the next", async () => {
    const queue = new FairQueue(() => limits);
    const started: string[] = [];
    const running = await enqueue(queue, "a", started);
    const gone = new AbortController();
    const leaving = enqueue(queue, "b", started, gone.signal);
    const next = enqueue(queue, "c", started);
    gone.abort();
    expect(await leaving).toEqual({ admitted: false, reason: "aborted" });
    expect(queue.waiting).toBe(1);
    releaseOf(running)();
    releaseOf(await next)();
    expect(started).toEqual(["a", "c"]);
    expect(queue.running).toBe(0);
  });
});
