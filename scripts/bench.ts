// Load benchmark: the production server against nginx serving the very same HTML, plus signed-in pages and
// the server's memory, in one run on one machine (wrk, nginx and the server share its cores).
// `npm run bench` (builds first); not part of `npm test`. Installs Debian's wrk and nginx when missing.
//
// Settings (environment):
//   BENCH_DURATION     seconds per wrk run (8)
//   BENCH_ROUNDS       rounds of every load; medians are over rounds, memory is sampled after each (3)
//   BENCH_CONNECTIONS  connections for the crowd runs (50); wrk always uses 1 thread
//   BENCH_OUTPUT       markdown file the tables are written to (bench-results.md)
//   BENCH_PORT, BENCH_NGINX_PORT  ports for the server and nginx (free ports)
//   WEB_CONCURRENCY    passed through to the server (unset: one worker per core)
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  cookieFrom,
  formHeaders,
  linkFromMail,
  ownClientAddress,
  register,
  resetPasswordByMail,
  type SignedInUser,
  signIn,
  verifyEmail,
} from "../tests/robustness/support/accounts";
import {
  freePort,
  type ProductionServer,
  processTree,
  residentMegabytes,
  startProductionServer,
} from "../tests/robustness/support/production-server";
import { withAbstractDetails } from "../tests/support/abstract-details";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";

const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const outputFile = path.resolve(process.env.BENCH_OUTPUT ?? "bench-results.md");
const publicPages = ["/", "/board", "/sculc-2025"];
const adminEmail = "bench-admin@example.edu";

// Everything started here, so that a failure or Ctrl-C stops it all.
let server: ProductionServer | undefined;
let nginx: ChildProcess | undefined;
let wrkRun: ChildProcess | undefined;
const tempDirs: string[] = [];

async function cleanUp(): Promise<void> {
  wrkRun?.kill("SIGKILL");
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = new Promise((resolve) => nginx?.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  await server?.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function findProgram(name: string): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], {
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` },
    encoding: "utf8",
  }).stdout.trim();
  return found || undefined;
}

/** wrk and nginx from Debian, installed (as root or with sudo) the way .ci/run installs chromium. */
function ensureTools(): { wrk: string; nginx: string } {
  const missing = ["wrk", "nginx"].filter((name) => !findProgram(name));
  if (missing.length) {
    console.log(`Installing Debian's ${missing.join(" and ")} for the benchmark...`);
    const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
    for (const args of [
      ["apt-get", "update", "-qq"],
      ["apt-get", "install", "-y", "-qq", ...missing],
    ]) {
      const [command = "", ...rest] = [...asRoot, ...args];
      const result = spawnSync(command, rest, {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
      if (result.status !== 0) break;
    }
  }
  const wrk = findProgram("wrk");
  const nginxPath = findProgram("nginx");
  if (!wrk || !nginxPath)
    throw new Error(
      "The benchmark needs wrk and nginx and could not install them: run `sudo apt-get install wrk nginx`.",
    );
  return { wrk, nginx: nginxPath };
}

/** nginx as a plain child process (one worker, gzip on, no access log) serving `pages` from a temp root. */
async function startNginx(
  binary: string,
  port: number,
  pages: Map<string, Buffer>,
): Promise<string> {
  const prefix = tempDir("uls-bench-nginx-");
  // Run as root, nginx's worker drops to an unprivileged user, which must be able to read the files.
  fs.chmodSync(prefix, 0o755);
  const root = path.join(prefix, "root");
  fs.mkdirSync(root);
  for (const [page, html] of pages)
    fs.writeFileSync(path.join(root, page === "/" ? "index.html" : `${page.slice(1)}.html`), html);
  // text/html is always in gzip_types (naming it again only draws a warning); gzip level is nginx's default.
  const config = `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  types { text/html html; }
  default_type application/octet-stream;
  access_log off;
  gzip on;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri.html $uri/index.html =404; }
  }
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  nginx = spawn(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<never>((_, reject) =>
    nginx?.once("exit", (code) => reject(new Error(`nginx exited with ${code} at start`))),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.race([waitFor200(`${baseUrl}/`), exited]);
  exited.catch(() => {});
  return baseUrl;
}

async function waitFor200(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

type Target = { label: string; url: string; cookie?: string; connections: number };
type WrkResult = {
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

/** "0", or the counts by kind: "3 timeout, 1 non-2xx/3xx". */
function formatErrors(errors: WrkResult["errors"]): string {
  const kinds = Object.entries(errors).filter(([, count]) => count > 0);
  return kinds.length ? kinds.map(([kind, count]) => `${count} ${kind}`).join(", ") : "0";
}

async function runWrk(binary: string, target: Target): Promise<WrkResult> {
  // wrk's default 2 s timeout drops slow answers from the latencies; count them as latency instead.
  const args = [
    "-t1",
    `-c${target.connections}`,
    `-d${duration}s`,
    "--latency",
    "--timeout",
    "10s",
  ];
  args.push("-H", "Accept-Encoding: gzip");
  if (target.cookie) args.push("-H", `Cookie: ${target.cookie}`);
  wrkRun = spawn(binary, [...args, target.url], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  wrkRun.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => wrkRun?.once("close", resolve));
  wrkRun = undefined;
  if (code !== 0) throw new Error(`wrk failed (${code}) on ${target.url}:\n${output}`);
  return parseWrk(output);
}

/** wrk counts a redirect as success; a signed-in page that sends to /login must count as a failure. */
async function statusOf(target: Target): Promise<string> {
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

type Memory = Map<number, number>;
function sampleMemory(rootPid: number): Memory {
  return new Map(processTree(rootPid).map((pid) => [pid, residentMegabytes(pid)]));
}
const total = (memory: Memory) => [...memory.values()].reduce((sum, value) => sum + value, 0);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const formatRate = (value: number) => Math.round(value).toLocaleString("en-US");
const formatMs = (value: number) =>
  `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US")} ms`;

/** A markdown table padded to line up in a terminal too. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}

/** As tests/robustness signs up, but patient with the mail: a busy machine can take over 10 s to send it. */
async function signUp(server: ProductionServer, email: string): Promise<SignedInUser> {
  const password = "bench-password-2026";
  const client = ownClientAddress();
  await register(server, email, password, client);
  await verifyEmail(server, await linkFromMail(server, email, "/verify-email", 60_000), client);
  const cookie = cookieFrom(await signIn(server, email, password, client));
  if (!cookie) throw new Error(`signing in as ${email} gave no cookie`);
  return { email, password, cookie };
}

async function main(): Promise<void> {
  const tools = ensureTools();
  // Other work on the machine moves every number; the report says how busy it was.
  const loadBefore = os.loadavg()[0] ?? 0;
  const dataDir = tempDir("uls-bench-data-");
  server = await startProductionServer({
    dataDir,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    env: { LOG_LEVEL: "warn", ADMIN_EMAILS: adminEmail },
  });
  const rootPid = server.child.pid ?? 0;
  const appBase = `http://127.0.0.1:${server.port}`;

  // The bytes a signed-out visitor gets, uncompressed, for nginx to serve (and compress) itself.
  const pages = new Map<string, Buffer>();
  for (const page of publicPages) {
    const response = await fetch(`${appBase}${page}`, {
      headers: { "Accept-Encoding": "identity" },
    });
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}, not 200`);
    pages.set(page, Buffer.from(await response.arrayBuffer()));
  }
  const nginxPort = Number(process.env.BENCH_NGINX_PORT ?? (await freePort()));
  const nginxBase = await startNginx(tools.nginx, nginxPort, pages);

  // A member with one abstract, for the signed-in pages.
  const member = await signUp(server, "bench-member@example.edu");
  const form = withAbstractDetails(new FormData());
  const pdf = new Uint8Array(await makeAbstractPdf());
  form.set("abstract", new File([pdf], "abstract.pdf", { type: "application/pdf" }));
  const upload = await fetch(`${server.baseUrl}/sculc/submit-abstract`, {
    method: "POST",
    headers: formHeaders(server, { cookie: member.cookie }),
    body: form,
    redirect: "manual",
  });
  if (upload.status !== 302) throw new Error(`uploading the abstract answered ${upload.status}`);

  // An admin: ADMIN_EMAILS grants the role once the mailbox is confirmed by a password reset (0005).
  let adminCookie: string | undefined;
  let adminNote = "";
  try {
    const admin = await signUp(server, adminEmail);
    const password = "bench-admin-reset-2026";
    await resetPasswordByMail(server, admin.email, password, ownClientAddress(), 60_000);
    adminCookie = cookieFrom(await signIn(server, admin.email, password)) || undefined;
    if (!adminCookie) throw new Error("signing in after the reset gave no cookie");
  } catch (error) {
    adminNote = `\`/user-data\` not measured: ${error instanceof Error ? error.message : error}`;
  }

  const pairs: { label: string; app: Target; nginx?: Target }[] = [
    ...publicPages.map((page) => ({
      label: `\`${page}\``,
      app: { label: page, url: `${appBase}${page}`, connections },
      nginx: { label: page, url: `${nginxBase}${page}`, connections },
    })),
    ...["/profile", "/sculc/view-submission"].map((page) => ({
      label: `\`${page}\` (signed in)`,
      app: { label: page, url: `${appBase}${page}`, cookie: member.cookie, connections },
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
    `${targets.length} loads x ${rounds} rounds x ${duration} s, ${connections} connections, server with ${before.size - 1} workers`,
  );
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const result = await runWrk(tools.wrk, target);
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

  const summary = (target: Target) => {
    const runs = results.get(target) ?? [];
    return {
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      averageMs: median(runs.map((run) => run.averageMs)),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      errors: runs.reduce(
        (sum, run) => {
          for (const kind of Object.keys(sum) as (keyof typeof sum)[])
            sum[kind] += run.errors[kind];
          return sum;
        },
        { "non-2xx/3xx": 0, connect: 0, read: 0, write: 0, timeout: 0 },
      ),
    };
  };
  const loadRows = pairs.map((pair) => {
    const failure = failed.get(pair.app) ?? (pair.nginx && failed.get(pair.nginx));
    if (failure) return [pair.label, `FAILED: ${failure}`, "", "", "", "", ""];
    const ours = summary(pair.app);
    const theirs = pair.nginx ? summary(pair.nginx) : undefined;
    return [
      pair.label,
      formatRate(ours.requestsPerSecond),
      theirs ? formatRate(theirs.requestsPerSecond) : "",
      theirs ? `${(ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2)}x` : "",
      formatMs(ours.p50Ms),
      formatMs(ours.p99Ms),
      formatErrors(ours.errors),
    ];
  });
  const single = { app: summary(oneAtATime.app), nginx: summary(oneAtATime.nginx) };
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

  const report = [
    `${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores (wrk, nginx and the server share them; ` +
      `load average ${loadBefore.toFixed(1)} before the run), ` +
      `wrk 1 thread, ${connections} connections, \`Accept-Encoding: gzip\`, median of ${rounds} rounds of ${duration} s; ` +
      `server: ${workerPids.length} workers, nginx: 1 worker, gzip on.`,
    "",
    table(["page", "app req/s", "nginx req/s", "ratio", "p50", "p99", "errors"], loadRows),
    "",
    `One request at a time, \`/\`: app ${formatMs(single.app.averageMs)} average, ${formatMs(single.app.p50Ms)} p50; ` +
      `nginx ${formatMs(single.nginx.averageMs)} average, ${formatMs(single.nginx.p50Ms)} p50.`,
    ...(adminNote ? ["", adminNote] : []),
    "",
    "Server memory (RSS from /proc; peak sampled every 200 ms during the load):",
    "",
    table(memoryHeader, memoryRows),
    "",
  ].join("\n");
  console.log(`\n${report}`);
  fs.writeFileSync(outputFile, report);
  console.log(`Written to ${outputFile}`);
  if (failed.size) {
    console.error("Some pages did not answer 200: their numbers are not speed.");
    console.error(`The server's last output:\n${server.output().slice(-4000)}`);
    process.exitCode = 1;
  }
}

// Ctrl-C reaches this process twice (from the terminal and relayed by tsx): the first starts the
// clean-up, later ones must not kill the process before it ends.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping everything the benchmark started...`);
    cleanUp().finally(() => process.exit(130));
  });

try {
  await main();
} catch (error) {
  // After Ctrl-C the interrupted wrk run fails too; that is no news.
  if (!stopping) {
    console.error(error instanceof Error ? error.message : error);
    if (server) console.error(`The server's last output:\n${server.output().slice(-4000)}`);
  }
  process.exitCode = 1;
} finally {
  await cleanUp();
}
