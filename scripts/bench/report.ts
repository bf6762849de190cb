// The benchmark's report: the loads as medians over rounds next to nginx, one request at a time, and
// the server's memory, as markdown that also reads in a terminal.
import os from "node:os";
import { formatErrors, formatMs, formatRate, median, table } from "./format";
import { type LoadPlan, type LoadRun, type Memory, total } from "./load";
import type { Target } from "./wrk";

export function formatReport(options: {
  plan: LoadPlan;
  run: LoadRun;
  rootPid: number;
  /** The machine's load average before the run: other work on it moves every number. */
  loadBefore: number;
  connections: number;
  rounds: number;
  durationSeconds: number;
  warmUpSeconds: number;
  adminNote: string;
}): string {
  const { plan, run, rootPid, connections, rounds } = options;
  const { results, failed, before, peak, peakTotal, afterRounds } = run;
  const summary = (target: Target) => {
    const runs = results.get(target) ?? [];
    return {
      requestsPerSecond: median(runs.map((one) => one.requestsPerSecond)),
      averageMs: median(runs.map((one) => one.averageMs)),
      p50Ms: median(runs.map((one) => one.p50Ms)),
      p99Ms: median(runs.map((one) => one.p99Ms)),
      errors: runs.reduce(
        (sum, one) => {
          for (const kind of Object.keys(sum) as (keyof typeof sum)[])
            sum[kind] += one.errors[kind];
          return sum;
        },
        { "non-2xx/3xx": 0, connect: 0, read: 0, write: 0, timeout: 0 },
      ),
    };
  };
  const ratio = (value: number) => `${value.toFixed(2)}x`;
  // "meets" or "misses" the pair's target, from the medians.
  const verdict = (isMet: boolean) => (isMet ? "meets" : "MISSES");
  const loadRows = plan.pairs.map((pair) => {
    const failure = failed.get(pair.app) ?? (pair.reference && failed.get(pair.reference));
    if (failure) return [pair.label, `FAILED: ${failure}`, "", "", "", "", "", "", "", ""];
    const ours = summary(pair.app);
    const theirs = pair.reference ? summary(pair.reference) : undefined;
    const throughput = theirs ? ours.requestsPerSecond / theirs.requestsPerSecond : 0;
    const tail = theirs ? ours.p99Ms / theirs.p99Ms : 0;
    const targets = [
      ...(pair.minRatio !== undefined
        ? [`>= ${pair.minRatio}x: ${verdict(throughput >= pair.minRatio)}`]
        : []),
      ...(pair.maxLatencyRatio !== undefined
        ? [`p99 <= ${pair.maxLatencyRatio}x: ${verdict(tail <= pair.maxLatencyRatio)}`]
        : []),
    ];
    return [
      pair.label,
      formatRate(ours.requestsPerSecond),
      pair.referenceName ?? "",
      theirs ? formatRate(theirs.requestsPerSecond) : "",
      theirs ? ratio(throughput) : "",
      formatMs(ours.p50Ms),
      formatMs(ours.p99Ms),
      theirs ? formatMs(theirs.p99Ms) : "",
      formatErrors(ours.errors),
      targets.join("; "),
    ];
  });
  const singleRows = plan.oneAtATime.map((pair) => {
    const failure = failed.get(pair.app) ?? (pair.reference && failed.get(pair.reference));
    if (failure) return [pair.label, `FAILED: ${failure}`, "", "", "", "", ""];
    const ours = summary(pair.app);
    const theirs = pair.reference ? summary(pair.reference) : undefined;
    const slower = theirs ? ours.p50Ms / theirs.p50Ms : 0;
    return [
      pair.label,
      formatMs(ours.p50Ms),
      formatMs(ours.averageMs),
      pair.referenceName ?? "",
      theirs ? formatMs(theirs.p50Ms) : "",
      theirs ? ratio(slower) : "",
      pair.maxLatencyRatio !== undefined
        ? `p50 <= ${pair.maxLatencyRatio}x: ${verdict(slower <= pair.maxLatencyRatio)}`
        : "",
    ];
  });
  const workerPids = [...before.keys()].filter((pid) => pid !== rootPid);
  const megabytes = (value: number) => `${value.toFixed(0)} MB`;
  const memoryRow = (label: string, peakValue: number, read: (memory: Memory) => number) => [
    label,
    megabytes(read(before)),
    megabytes(peakValue),
    ...afterRounds.map((memory) => megabytes(read(memory))),
  ];
  const memoryHeader = [
    "process",
    "before",
    "peak",
    ...afterRounds.map((_, i) => `after round ${i + 1}`),
  ];
  const memoryRows = [
    memoryRow("supervisor", peak.get(rootPid) ?? 0, (memory) => memory.get(rootPid) ?? 0),
    ...workerPids.map((pid, i) =>
      memoryRow(`worker ${i + 1}`, peak.get(pid) ?? 0, (memory) => memory.get(pid) ?? 0),
    ),
    memoryRow("total", peakTotal, total),
  ];

  return [
    `${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores (wrk, nginx, the React Router baseline and the server share them; ` +
      `load average ${options.loadBefore.toFixed(1)} before the run), ` +
      `wrk 1 thread, ${connections} connections, \`Accept-Encoding: gzip\`, median of ${rounds} rounds of ${options.durationSeconds} s after ${options.warmUpSeconds} s of untimed load on each; ` +
      `server: ${workerPids.length} workers, nginx: 1 worker, gzip on; baseline: the bare React Router ` +
      `server's \`/profile\` (scripts/bench/react-router-baseline), ${workerPids.length} workers, no compression.`,
    "",
    table(
      [
        "page",
        "app req/s",
        "compared with",
        "its req/s",
        "ratio",
        "p50",
        "p99",
        "its p99",
        "errors",
        "target",
      ],
      loadRows,
    ),
    "",
    "One request at a time:",
    "",
    table(
      ["page", "app p50", "app average", "compared with", "its p50", "ratio", "target"],
      singleRows,
    ),
    ...(options.adminNote ? ["", options.adminNote] : []),
    "",
    "Server memory (RSS from /proc; peak sampled every 200 ms during the load):",
    "",
    table(memoryHeader, memoryRows),
    "",
  ].join("\n");
}
