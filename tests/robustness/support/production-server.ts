// Starts the production build (`npm run build` first) as a real process, the way `npm run serve` does,
// on a free port with a fresh data folder, for tests that attack the running server: dropped uploads,
// oversized bodies, hostile files, kill -9. Everything it starts is stopped by `stop()`.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll } from "vitest";
import { type SignedInUser, signUpAndSignIn } from "./accounts";

const projectRoot = path.resolve(import.meta.dirname, "../../..");

export type ProductionServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The process `node server.js` started: the supervisor, whose children are the workers. */
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit (SIGKILL after `timeoutMs`). Keeps the data folder unless told. */
  stop: (options?: { keepData?: boolean; timeoutMs?: number }) => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function waitForHealthy(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

export async function startProductionServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    port?: number;
    /** Node flags for the supervisor and, through it, its workers (e.g. `--cpu-prof` when profiling). */
    nodeArgs?: string[];
  } = {},
): Promise<ProductionServer> {
  if (!fs.existsSync(path.join(projectRoot, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "uls-robust-"));
  const baseUrl = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "server.js"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Vitest sets BASE_URL=/ in the environment; the server needs its real address.
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BETTER_AUTH_SECRET: "robustness-secret-not-for-production-0123456789",
      // Tests pose as many clients with X-Forwarded-For, each with rate-limit buckets of its own.
      TRUST_PROXY: "loopback",
      // A scheduled backup a minute in would perturb what these tests measure; backup-restore.test.ts
      // turns it on.
      BACKUP_INTERVAL_HOURS: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const server: ProductionServer = {
    baseUrl,
    port,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop({ keepData = false, timeoutMs = 15_000 } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([
      waitForHealthy(baseUrl),
      exited.then(({ code }) => {
        throw new Error(`server exited with ${code} before it was ready:\n${output}`);
      }),
    ]);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** The process and every descendant (the supervisor's workers), by walking /proc. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may contain spaces; the parent pid follows it.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree: number[] = [];
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop() as number;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory of a process, in MB (0 once it has gone). */
export function residentMegabytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * One production server with one signed-in account for a whole test file: started before its tests,
 * stopped after them. Read `server` and `user` inside tests, once the hooks have run.
 */
export function serverForThisFile(options: Parameters<typeof startProductionServer>[0] = {}) {
  let server: ProductionServer | undefined;
  let user: SignedInUser | undefined;
  beforeAll(async () => {
    server = await startProductionServer(options);
    user = await signUpAndSignIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server(): ProductionServer {
      if (!server) throw new Error("the server starts in beforeAll; read it inside a test");
      return server;
    },
    get user(): SignedInUser {
      if (!user) throw new Error("the account is made in beforeAll; read it inside a test");
      return user;
    },
  };
}
