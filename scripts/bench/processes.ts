// What the benchmark starts (the server, nginx, wrk runs, temp folders) and how it stops it all: a
// failure or Ctrl-C must leave nothing running.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProductionServer } from "../../tests/robustness/support/production-server";

/** Everything started so far, so that `cleanUp` can stop it. */
export const started: {
  server?: ProductionServer;
  nginx?: ChildProcess;
  /** The bare React Router servers, each in a process group of its own (scripts/bench/baseline.ts). */
  baselines: ChildProcess[];
  wrkRun?: ChildProcess;
  tempDirs: string[];
} = { tempDirs: [], baselines: [] };

export async function cleanUp(): Promise<void> {
  started.wrkRun?.kill("SIGKILL");
  const { nginx } = started;
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = new Promise((resolve) => nginx.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  for (const baseline of started.baselines) await stopProcessGroup(baseline);
  await started.server?.stop();
  for (const dir of started.tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

/** Kills a process started with `detached: true` and everything in its group; waits for it to exit. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Gone already.
  }
  await exited;
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  started.tempDirs.push(dir);
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
export function ensureTools(): { wrk: string; nginx: string } {
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
export async function startNginx(
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
  const nginx = spawn(
    binary,
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr"],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  started.nginx = nginx;
  const exited = new Promise<never>((_, reject) =>
    nginx.once("exit", (code) => reject(new Error(`nginx exited with ${code} at start`))),
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
