import cluster, { type Worker } from "node:cluster";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { prepareSite } from "./prepare-site";
import {
  reportStartupError,
  type SupervisorMessage,
  shutdownGraceMs,
  workerConfigErrorExitCode,
} from "./worker";
import { workerExecArgv } from "./worker-flags";

/** Workers that die before they ever serve this many times within the window mean a start-up bug. */
const failedStartsLimit = 5;
const failedStartsWindowMs = 60_000;

/**
 * The primary process of `npm start`: prepares the site once (configuration, migrations, interrupted
 * uploads, the orphan sweep), then keeps WEB_CONCURRENCY HTTP workers serving on one port (Node's
 * cluster shares the listening socket) and replaces one that dies at once, so a crash costs only the
 * requests that worker had in flight. SIGTERM or SIGINT: every worker stops accepting and finishes its
 * requests; one that has not stopped after `shutdownGraceMs` is killed; then the primary exits 0.
 */
export async function runSupervisor(options: { workerArgs?: string[] } = {}) {
  // The workers inherit it: the admins' status page says when the site (not a worker) started.
  process.env.SITE_STARTED_AT ??= new Date().toISOString();
  let site: Awaited<ReturnType<typeof prepareSite>>;
  let workerCount: number;
  try {
    const env = getEnv();
    workerCount = env.webConcurrency;
    site = await prepareSite();
  } catch (error) {
    reportStartupError(error, undefined);
    process.exit(1);
  }
  const env = getEnv();
  const logger = getLogger();
  // Each worker accepts from the shared socket itself. With the primary handing out connections
  // (round-robin, Node's default on Linux), a connection passed to a worker that is killed at that
  // moment is never answered nor closed: the client hangs. Accepting in the workers loses only what the
  // dying worker had already accepted, which the kernel resets.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({
    args: options.workerArgs ?? process.argv.slice(2),
    execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS),
  });

  const livingWorkers = new Set<Worker>();
  const readyWorkers = new Set<number>();
  const failedStarts: number[] = [];
  let hasAnnouncedReady = false;
  let isShuttingDown = false;

  const start = () => {
    const worker = cluster.fork();
    livingWorkers.add(worker);
    worker.once("listening", () => {
      readyWorkers.add(worker.id);
      logger.info({ pid: worker.process.pid }, "worker serving");
      if (!hasAnnouncedReady && readyWorkers.size === workerCount) {
        hasAnnouncedReady = true;
        process.stdout.write(
          `Site ready at ${env.baseUrl} (production, ${workerCount} worker${workerCount === 1 ? "" : "s"})\n`,
        );
      }
    });
    return worker;
  };

  const giveUp = (message: string) => {
    console.error(message);
    isShuttingDown = true;
    for (const worker of livingWorkers) worker.process.kill("SIGKILL");
    site.close().finally(() => process.exit(1));
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    livingWorkers.delete(worker);
    const wasReady = readyWorkers.delete(worker.id);
    if (isShuttingDown) {
      if (livingWorkers.size === 0) {
        site.close().finally(() => process.exit(0));
      }
      return;
    }
    if (!wasReady) {
      // A worker that cannot start for a reason the operator must fix would fail the same way again.
      if (code === workerConfigErrorExitCode) return giveUp("A worker could not start; stopping.");
      const now = Date.now();
      failedStarts.push(now);
      while (failedStarts.length && (failedStarts[0] ?? 0) < now - failedStartsWindowMs)
        failedStarts.shift();
      if (failedStarts.length >= failedStartsLimit) {
        return giveUp(
          `Workers died ${failedStarts.length} times in ${failedStartsWindowMs / 1000} s before serving; stopping.`,
        );
      }
    }
    logger.error(
      { pid: worker.process.pid, code, signal, wasReady },
      "worker died: starting a replacement",
    );
    start();
  });

  for (let index = 0; index < workerCount; index++) start();

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (isShuttingDown) return;
      isShuttingDown = true;
      const workers = [...livingWorkers];
      if (workers.length === 0) {
        site.close().finally(() => process.exit(0));
        return;
      }
      for (const worker of workers) {
        const message: SupervisorMessage = { type: "shutdown" };
        if (worker.isConnected()) worker.send(message);
        // A worker stuck in a request (or a blocked event loop) is killed after the grace period.
        setTimeout(() => {
          if (!worker.isDead()) {
            logger.warn({ pid: worker.process.pid }, "worker did not stop in time: killing it");
            worker.process.kill("SIGKILL");
          }
        }, shutdownGraceMs + 1_000).unref();
      }
    });
  }
}
