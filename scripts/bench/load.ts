// What is loaded (the app's pages, each public one next to nginx serving the same bytes, each dynamic one
// next to the bare React Router server) and the rounds of wrk runs over them, with the server's memory
// sampled throughout.
import { processTree, residentMegabytes } from "../../tests/robustness/support/production-server";
import { formatErrors, formatMs, formatRate } from "./format";
import { runWrk, statusOf, type Target, type WrkResult } from "./wrk";

/**
 * A page as the app serves it, beside what it is measured against: nginx serving the same bytes (public
 * pages), or the bare React Router server's page (dynamic pages: the framework's own cost), with the
 * ratios it should reach.
 */
export type LoadPair = {
  label: string;
  app: Target;
  reference?: Target;
  referenceName?: "nginx" | "baseline";
  /** The throughput it should reach, as a share of the reference's. */
  minRatio?: number;
  /** How far above the reference's its p99 (or, one request at a time, its p50) may be. */
  maxLatencyRatio?: number;
};
export type LoadPlan = {
  pairs: LoadPair[];
  /** One connection: the latency of a single request, `/` against nginx, signed-in pages against the baseline. */
  oneAtATime: LoadPair[];
  /** Every target once, in the order each round runs them. */
  targets: Target[];
};

export function planLoads(options: {
  appBase: string;
  nginxBase: string;
  baselineBase: string;
  /** The baseline with as many routes as the site, and that number. */
  wideBaseline: { baseUrl: string; routes: number };
  publicPages: string[];
  connections: number;
  memberCookie: string;
  adminCookie: string | undefined;
}): LoadPlan {
  const { appBase, nginxBase, baselineBase, connections, memberCookie, adminCookie } = options;
  const baseline = { label: "baseline /profile", url: `${baselineBase}/profile`, connections };
  const baselineOne = { ...baseline, label: "baseline /profile c1", connections: 1 };
  const wide = {
    label: `baseline ${options.wideBaseline.routes} routes /profile`,
    url: `${options.wideBaseline.baseUrl}/profile`,
    connections,
  };
  const wideOne = { ...wide, label: `${wide.label} c1`, connections: 1 };
  // The framework alone at the site's size: what of the distance is React Router's, not the site's.
  const widePair = (app: typeof wide): LoadPair => ({
    label: `baseline with the site's ${options.wideBaseline.routes} routes, \`/profile\``,
    app,
    reference: app.connections === 1 ? baselineOne : baseline,
    referenceName: "baseline",
  });
  // The member has an abstract and reviews (a reviewer's queue), the admin has the admin frame.
  const signedIn = [
    { page: "/profile", cookie: memberCookie },
    { page: "/sculc/view-submission", cookie: memberCookie },
    { page: "/review", cookie: memberCookie },
    ...(adminCookie ? [{ page: "/user-data", cookie: adminCookie }] : []),
  ];
  const signedInTarget = ({ page, cookie }: { page: string; cookie: string }, count: number) => ({
    label: count === 1 ? `${page} c1` : page,
    url: `${appBase}${page}`,
    cookie,
    connections: count,
  });
  const who = (cookie: string) => (cookie === memberCookie ? "signed in" : "admin");
  const pairs: LoadPair[] = [
    ...options.publicPages.map((page) => ({
      label: `\`${page}\``,
      app: { label: page, url: `${appBase}${page}`, connections },
      reference: { label: `nginx ${page}`, url: `${nginxBase}${page}`, connections },
      referenceName: "nginx" as const,
    })),
    ...signedIn.map((one) => ({
      label: `\`${one.page}\` (${who(one.cookie)})`,
      app: signedInTarget(one, connections),
      reference: baseline,
      referenceName: "baseline" as const,
      minRatio: 0.6,
      maxLatencyRatio: 2,
    })),
    ...["/login", "/register"].map((page) => ({
      label: `\`${page}\` (signed out)`,
      app: { label: page, url: `${appBase}${page}`, connections },
      reference: baseline,
      referenceName: "baseline" as const,
      minRatio: 0.7,
    })),
    widePair(wide),
  ];
  const oneAtATime: LoadPair[] = [
    {
      label: "`/`",
      app: { label: "/ c1", url: `${appBase}/`, connections: 1 },
      reference: { label: "nginx / c1", url: `${nginxBase}/`, connections: 1 },
      referenceName: "nginx",
    },
    ...signedIn.map((one) => ({
      label: `\`${one.page}\` (${who(one.cookie)})`,
      app: signedInTarget(one, 1),
      reference: baselineOne,
      referenceName: "baseline" as const,
      maxLatencyRatio: 2,
    })),
    widePair(wideOne),
  ];
  const targets = [
    ...new Set(
      [...pairs, ...oneAtATime].flatMap((pair) =>
        pair.reference ? [pair.app, pair.reference] : [pair.app],
      ),
    ),
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
    /** Seconds of untimed load on every target first (0: none). */
    warmUpSeconds: number;
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
    // Every target gets a few seconds of the same load first, untimed: the first seconds of a page in a
    // fresh process measure V8 compiling and optimising its code (and the heap growing), not the page,
    // and they fell on whichever target ran first (p99 of one to two seconds in a one-round run).
    if (options.warmUpSeconds > 0) {
      for (const target of targets) await runWrk(options.wrk, target, options.warmUpSeconds);
      console.log(`warmed up: ${options.warmUpSeconds} s on each target, untimed`);
    }
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const result = await runWrk(options.wrk, target, options.durationSeconds);
        results.get(target)?.push(result);
        console.log(
          `round ${round} ${target.url.startsWith(appBase) ? "app     " : "compared"} ${target.label.padEnd(28)} c${target.connections} ${formatRate(result.requestsPerSecond)} req/s p50 ${formatMs(result.p50Ms)} p99 ${formatMs(result.p99Ms)}${formatErrors(result.errors) === "0" ? "" : ` errors: ${formatErrors(result.errors)}`}`,
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
