import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ProductionServer,
  processTree,
  startProductionServer,
} from "./support/production-server";
import { reportMeasurement } from "./support/report";

// The supervisor keeps WEB_CONCURRENCY workers serving: a worker killed outright under load costs only
// the requests it had in flight, the other keeps answering, and a replacement serves within a second
// or two.
let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "info" } });
});
afterAll(async () => {
  await server?.stop();
});

function workerPids(): number[] {
  return processTree(server.child.pid ?? 0).filter((pid) => pid !== server.child.pid);
}

/** Resolves when the supervisor logs a worker serving whose pid is not in `known`. */
function nextWorkerServing(known: number[]): Promise<number> {
  return new Promise((resolve) => {
    const check = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        const pid = /"pid":(\d+).*"msg":"worker serving"/.exec(line)?.[1];
        if (pid && !known.includes(Number(pid))) {
          server.child.stdout?.off("data", check);
          resolve(Number(pid));
        }
      }
    };
    server.child.stdout?.on("data", check);
  });
}

describe("a worker killed under load", () => {
  it("fails only its own requests in flight and is replaced", async () => {
    const before = workerPids();
    expect(before).toHaveLength(2);
    const [victim, survivor] = before as [number, number];

    let answered = 0;
    let failed = 0;
    let tenAnswered: () => void = () => {};
    const tenAnsweredPromise = new Promise<void>((resolve) => {
      tenAnswered = resolve;
    });
    const requests = Array.from({ length: 200 }, async () => {
      try {
        const response = await fetch(`${server.baseUrl}/`);
        await response.text();
        if (response.status !== 200) failed++;
      } catch {
        failed++;
      }
      if (++answered === 10) tenAnswered();
    });
    await tenAnsweredPromise;
    const replacement = nextWorkerServing(before);
    const killedAt = performance.now();
    process.kill(victim, "SIGKILL");
    await Promise.all(requests);
    const replacementPid = await replacement;
    const replacedAfterMs = Math.round(performance.now() - killedAt);
    reportMeasurement(
      `200 parallel requests to /, one of 2 workers killed after 10 answers: ${failed} failed, ` +
        `${200 - failed} answered 200; replacement worker ${replacementPid} serving ${replacedAfterMs} ms after the kill`,
    );
    // Only what the killed worker had accepted may fail: at most its share of the 190 unanswered.
    expect(failed).toBeLessThan(190);
    expect(replacedAfterMs).toBeLessThan(5_000);
    expect(workerPids().sort()).toEqual([survivor, replacementPid].sort());

    const after = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${server.baseUrl}/healthz`).then((r) => r.status)),
    );
    expect(after.every((status) => status === 200)).toBe(true);
  });
});
