import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { workerHeapLimitMb } from "../../server/worker-flags";
import { processTree, residentMegabytes, serverForThisFile } from "./support/production-server";
import { reportMeasurement } from "./support/report";

// Signed-in pages are rendered for every request (never cached), so they are where a leak would show:
// anything a request leaves behind (a timer holding a render, a cache keyed by something unbounded)
// grows a worker round after round. The rounds count requests, not seconds, so a slower machine runs
// them longer but does the same work; what is compared is memory, which does not depend on speed.
const running = serverForThisFile({ env: { WEB_CONCURRENCY: "2" } });

const rounds = 6;
const requestsPerRound = 400;
const concurrency = 24;
/** A worker's resident memory may move this much between the second round and any later one. */
const toleranceMb = 25;
/** The bound for a worker under sustained load (no upload here, so no PDF inspection thread). */
const peakLimitMb = 200;

const pages = ["/profile", "/sculc/view-submission", "/board", "/", "/events"];

function workerPids(): number[] {
  const root = running.server.child.pid ?? 0;
  return processTree(root).filter((pid) => pid !== root);
}

/** The most the process has ever held (VmHWM), in MB. */
function peakMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function runRound(cookie: string): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < requestsPerRound) {
      const page = pages[next++ % pages.length] as string;
      const response = await fetch(`${running.server.baseUrl}${page}`, {
        headers: { cookie, "accept-encoding": "gzip" },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
}

describe("memory under signed-in load", () => {
  it("runs each worker with the heap limit that keeps it small", () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    for (const pid of workers) {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      expect(args).toContain(`--max-old-space-size=${workerHeapLimitMb}`);
    }
  });

  it("does not grow from round to round, and no worker passes 200 MB", {
    timeout: 240_000,
  }, async () => {
    const workers = workerPids();
    const history: number[][] = [];
    for (let round = 0; round < rounds; round++) {
      await runRound(running.user.cookie);
      history.push(workers.map(residentMegabytes));
    }
    const peaks = workers.map(peakMegabytes);
    reportMeasurement("worker RSS (MB) after each round:", history, "peak:", peaks);
    // The first round warms up (compiled code, prepared statements, caches): growth counts from the
    // second.
    const settled = history[1] as number[];
    for (const after of history.slice(2)) {
      after.forEach((megabytes, worker) => {
        expect(megabytes).toBeLessThan((settled[worker] ?? 0) + toleranceMb);
      });
    }
    for (const peak of peaks) expect(peak).toBeLessThan(peakLimitMb);
  });
});
