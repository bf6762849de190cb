// Load benchmark, in one run on one machine (wrk, nginx, the baseline and the server share its cores):
// the production server's public pages against nginx serving the very same HTML, its dynamic pages
// (signed in and signed out) against a bare React Router server (the framework's own cost), and the
// server's memory. `npm run bench` (builds first); not part of `npm test`. Installs Debian's wrk and
// nginx when missing. The parts live in scripts/bench/: processes (what it starts and stops), baseline
// (the bare React Router server), wrk (one run, read), load (the targets and the rounds), format and
// report (the tables); the signed-in people come from tests/robustness/support/site-people.ts.
//
// Settings (environment):
//   BENCH_DURATION     seconds per wrk run (8)
//   BENCH_ROUNDS       rounds of every load; medians are over rounds, memory is sampled after each (3)
//   BENCH_WARMUP       seconds of untimed load on every target before the rounds (3; 0: none)
//   BENCH_CONNECTIONS  connections for the crowd runs (50); wrk always uses 1 thread
//   BENCH_OUTPUT       markdown file the tables are written to (bench-results.md)
//   BENCH_PORT, BENCH_NGINX_PORT, BENCH_BASELINE_PORT  ports for the server, nginx and the baseline
//                      (the baseline at the site's size takes a free port)
//   WEB_CONCURRENCY    passed through to the server (unset: one worker per core)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import routes from "../app/routes";
import { freePort, startProductionServer } from "../tests/robustness/support/production-server";
import {
  grantReviewer,
  signInAdmin,
  signUp,
  uploadAbstract,
} from "../tests/robustness/support/site-people";
import { startBaseline } from "./bench/baseline";
import { planLoads, runLoads } from "./bench/load";
import { cleanUp, ensureTools, started, startNginx, tempDir } from "./bench/processes";
import { formatReport } from "./bench/report";

const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmUpSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const outputFile = path.resolve(process.env.BENCH_OUTPUT ?? "bench-results.md");
const publicPages = ["/", "/board", "/sculc-2025"];
const adminEmail = "bench-admin@example.edu";

async function main(): Promise<void> {
  const tools = ensureTools();
  // Other work on the machine moves every number; the report says how busy it was.
  const loadBefore = os.loadavg()[0] ?? 0;
  const dataDir = tempDir("uls-bench-data-");
  const server = await startProductionServer({
    dataDir,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    env: { LOG_LEVEL: "warn", ADMIN_EMAILS: adminEmail },
  });
  started.server = server;
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

  // The bare React Router server, with as many workers as the site's; and the same with as many routes
  // as the site has (its manifest: the root and every route of app/routes.ts).
  const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();
  const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? (await freePort()));
  const baselineBase = await startBaseline(baselinePort, workers);
  const siteRoutes = 1 + countRoutes(routes);
  const wideBaseline = {
    baseUrl: await startBaseline(await freePort(), workers, siteRoutes - 3),
    routes: siteRoutes,
  };

  // A member with one abstract who reviews, for the signed-in pages, and an admin for /user-data.
  const member = await signUp(server, "bench-member@example.edu");
  await uploadAbstract(server, member.cookie);
  let adminCookie: string | undefined;
  let adminNote = "";
  try {
    adminCookie = await signInAdmin(server, adminEmail);
    await grantReviewer(server, adminCookie, member.email);
  } catch (error) {
    // Without an admin the admin page (and the reviewer's queue) cannot be measured; the rest can.
    adminNote = `\`/user-data\` not measured: ${error instanceof Error ? error.message : error}`;
  }

  const plan = planLoads({
    appBase,
    nginxBase,
    baselineBase,
    wideBaseline,
    publicPages,
    connections,
    memberCookie: member.cookie,
    adminCookie,
  });
  const run = await runLoads(plan, {
    wrk: tools.wrk,
    rootPid,
    appBase,
    rounds,
    durationSeconds: duration,
    warmUpSeconds,
    connections,
  });

  const report = formatReport({
    plan,
    run,
    rootPid,
    loadBefore,
    connections,
    rounds,
    durationSeconds: duration,
    warmUpSeconds,
    adminNote,
  });
  console.log(`\n${report}`);
  fs.writeFileSync(outputFile, report);
  console.log(`Written to ${outputFile}`);
  if (run.failed.size) {
    console.error("Some pages did not answer 200: their numbers are not speed.");
    console.error(`The server's last output:\n${server.output().slice(-4000)}`);
    process.exitCode = 1;
  }
}

/** Routes of a route config, nested ones included. */
function countRoutes(config: readonly { children?: readonly unknown[] }[]): number {
  return config.reduce(
    (sum, route) =>
      sum + 1 + countRoutes((route.children ?? []) as { children?: readonly unknown[] }[]),
    0,
  );
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
    if (started.server)
      console.error(`The server's last output:\n${started.server.output().slice(-4000)}`);
  }
  process.exitCode = 1;
} finally {
  await cleanUp();
}
