// One wrk run against one target, read into numbers; and the status a target answers, which wrk does
// not tell apart well enough.
import { spawn } from "node:child_process";
import { started } from "./processes";

export type Target = { label: string; url: string; cookie?: string; connections: number };
export type WrkResult = {
  requestsPerSecond: number;
  averageMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx/3xx, and socket errors by kind (timeout: no answer within 10 s). */
  errors: Record<"non-2xx/3xx" | "connect" | "read" | "write" | "timeout", number>;
};

function milliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!match) throw new Error(`unreadable wrk latency "${value}"`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * scale;
}

function parseWrk(output: string): WrkResult {
  const field = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match?.[1]) throw new Error(`unexpected wrk output:\n${output}`);
    return match[1];
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    requestsPerSecond: Number(field(/Requests\/sec:\s+([\d.]+)/)),
    averageMs: milliseconds(field(/^\s+Latency[ \t]+(\S+)/m)),
    p50Ms: milliseconds(field(/^\s+50%[ \t]+(\S+)/m)),
    p99Ms: milliseconds(field(/^\s+99%[ \t]+(\S+)/m)),
    errors: {
      "non-2xx/3xx": Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
      connect: Number(socketErrors?.[1] ?? 0),
      read: Number(socketErrors?.[2] ?? 0),
      write: Number(socketErrors?.[3] ?? 0),
      timeout: Number(socketErrors?.[4] ?? 0),
    },
  };
}

export async function runWrk(
  binary: string,
  target: Target,
  durationSeconds: number,
): Promise<WrkResult> {
  // wrk's default 2 s timeout drops slow answers from the latencies; count them as latency instead.
  const args = [
    "-t1",
    `-c${target.connections}`,
    `-d${durationSeconds}s`,
    "--latency",
    "--timeout",
    "10s",
  ];
  args.push("-H", "Accept-Encoding: gzip");
  if (target.cookie) args.push("-H", `Cookie: ${target.cookie}`);
  const wrkRun = spawn(binary, [...args, target.url], { stdio: ["ignore", "pipe", "inherit"] });
  started.wrkRun = wrkRun;
  let output = "";
  wrkRun.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => wrkRun.once("close", resolve));
  started.wrkRun = undefined;
  if (code !== 0) throw new Error(`wrk failed (${code}) on ${target.url}:\n${output}`);
  return parseWrk(output);
}

/** wrk counts a redirect as success; a signed-in page that sends to /login must count as a failure. */
export async function statusOf(target: Target): Promise<string> {
  try {
    const response = await fetch(target.url, {
      headers: { "Accept-Encoding": "gzip", ...(target.cookie ? { Cookie: target.cookie } : {}) },
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    return `no answer (${cause instanceof Error ? cause.message : cause})`;
  }
}
