// The bare React Router server (scripts/bench/react-router-baseline), built and served beside the site
// so that both are measured in one run on one machine: the distance between them is the site's own cost.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { started, tempDir } from "./processes";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const source = path.join(projectRoot, "scripts/bench/react-router-baseline");

/** Builds the baseline in a temporary copy (with the site's own packages) and serves it on `port`. */
export async function startBaseline(port: number, workers: number): Promise<string> {
  const dir = tempDir("uls-bench-baseline-");
  fs.cpSync(source, dir, { recursive: true });
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const build = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/@react-router/dev/bin.js"), "build"],
    { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0)
    throw new Error(`building the React Router baseline failed:\n${build.stdout}${build.stderr}`);
  // Its own process group: its cluster workers are stopped with it.
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      WEB_CONCURRENCY: String(workers),
    },
  });
  started.baseline = child;
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the baseline exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/profile`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return baseUrl;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the React Router baseline did not answer within 20 s");
}
