// What is loaded (the app's pages, each public one next to nginx serving the same bytes) and the rounds
// of wrk runs over them, with the server's memory sampled throughout.
import { processTree, residentMegabytes } from "../../tests/robustness/support/production-server";
import { formatErrors, formatMs, formatRate } from "./format";
import { runWrk, statusOf, type Target, type WrkResult } from "./wrk";

/** A page as the app serves it, and as nginx serves the same bytes where there is a copy. */
export type LoadPair = { label: string; app: Target; nginx?: Target };
export type LoadPlan = {
  pairs: LoadPair[];
  /** `/` with one connection, on both servers: the latency of a single request. */
  oneAtATime: { app: Target; nginx: Target };
  /** Every target, in the order each round runs them. */
  targets: Target[];
};

export function planLoads(options: {
  appBase: string;
  nginxBase: string;
  publicPages: string[];
  connections: number;
  memberCookie: string;
  adminCookie: string | undefined;
}): LoadPlan {
  const { appBase, nginxBase, connections, memberCookie, adminCookie } = options;
  const pairs: LoadPair[] = [
    ...options.publicPages.map((page) => ({
      label: `\`${page}\``,
      app: { label: page, url: `${appBase}${page}`, connections },
      nginx: { label: page, url: `${nginxBase}${page}`, connections },
    })),
    ...["/profile", "/sculc/view-submission"].map((page) => ({
      label: `\`${page}\` (signed in)`,
      app: { label: page, url: `${appBase}${page}`, cookie: memberCookie, connections },
    })),
    ...(adminCookie
      ? [
          {
            label: "`/user-data` (admin)",
            app: {
              label: "/user-data",
              url: `${appBase}/user-data`,
              cookie: adminCookie,
              connections,
            },
          },
        ]
      : []),
  ];
  const oneAtATime = {
    app: { label: "/ c1", url: `${appBase}/`, connections: 1 },
    nginx: { label: "/ c1", url: `${nginxBase}/`, connections: 1 },
  };
  const targets = [
    ...pairs.flatMap((pair) => (pair.nginx ? [pair.app, pair.nginx] : [pair.app])),
    oneAtATime.app,
    oneAtATime.nginx,
  ];
  return { pairs, oneAtATime, targets };
}

/** Resident megabytes by process id: the supervisor and its workers. */
export type Memory = Map<number, number>;
function sampleMemory(rootPid: number): Memory {
  return new Map(processTree(rootPid).map((pid) => [pid, residentMegabytes(pid)]));
}
export const total = (memory: Memory) =>
  [...memory.values()].reduce((sum, value) => sum + value, 0);

export type LoadRun = {
  results: Map<Target, WrkResult[]>;
  /** Targets that answered other than 200 before or after the load, with what they answered. */
  failed: Map<Target, string>;
  before: Memory;
  peak: Memory;
  peakTotal: number;
  afterRounds: Memory[];
};

export async function runLoads(
  plan: LoadPlan,
  options: {
    wrk: string;
    rootPid: number;
    appBase: string;
    rounds: number;
    durationSeconds: number;
    connections: number;
  },
): Promise<LoadRun> {
  const { targets } = plan;
  const { rootPid, appBase, rounds } = options;
  const failed = new Map<Target, string>();
  const checkStatuses = async (when: string) => {
    for (const target of targets) {
      const status = await statusOf(target);
      if (status !== "200" && !failed.has(target)) failed.set(target, `${status} ${when}`);
    }
  };
  await checkStatuses("before the load");

  const results = new Map<Target, WrkResult[]>(targets.map((target) => [target, []]));
  // Sampled after the sign-ups and the upload, so the growth shown is the load's own.
  const before = sampleMemory(rootPid);
  const peak = new Map(before);
  let peakTotal = total(before);
  const sampler = setInterval(() => {
    const sample = sampleMemory(rootPid);
    for (const [pid, megabytes] of sample) peak.set(pid, Math.max(peak.get(pid) ?? 0, megabytes));
    peakTotal = Math.max(peakTotal, total(sample));
  }, 200);
  const afterRounds: Memory[] = [];
  console.log(
    `${targets.length} loads x ${rounds} rounds x ${options.durationSeconds} s, ${options.connections} connections, server with ${before.size - 1} workers`,
  );
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const result = await runWrk(options.wrk, target, options.durationSeconds);
        results.get(target)?.push(result);
        console.log(
          `round ${round} ${target.url.startsWith(appBase) ? "app  " : "nginx"} ${target.label.padEnd(24)} c${target.connections} ${formatRate(result.requestsPerSecond)} req/s p50 ${formatMs(result.p50Ms)} p99 ${formatMs(result.p99Ms)}${formatErrors(result.errors) === "0" ? "" : ` errors: ${formatErrors(result.errors)}`}`,
        );
      }
      afterRounds.push(sampleMemory(rootPid));
    }
  } finally {
    clearInterval(sampler);
  }
  await checkStatuses("after the load");
  return { results, failed, before, peak, peakTotal, afterRounds };
}
