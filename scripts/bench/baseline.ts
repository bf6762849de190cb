// The bare React Router server (scripts/bench/react-router-baseline), built and served beside the site
// so that both are measured in one run on one machine: the distance between them is the site's own cost.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { started, tempDir } from "./processes";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const source = path.join(projectRoot, "scripts/bench/react-router-baseline");

/**
 * Builds the baseline in a temporary copy (with the site's own packages) and serves it on `port`. With
 * `extraRoutes`, that many more routes (each a loader and a heading, under nested paths as the site's
 * are) join its two: React Router's per-request work grows with the number of routes (matching a path
 * tries them in rank order; each render turns the manifest into route objects), so this measures the
 * framework alone at the site's size.
 */
export async function startBaseline(
  port: number,
  workers: number,
  extraRoutes = 0,
): Promise<string> {
  const dir = tempDir("uls-bench-baseline-");
  fs.cpSync(source, dir, { recursive: true });
  if (extraRoutes > 0) addRoutes(dir, extraRoutes);
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const build = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/@react-router/dev/bin.js"), "build"],
    { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0)
    throw new Error(`building the React Router baseline failed:\n${build.stdout}${build.stderr}`);
  // Its own process group: its cluster workers are stopped with it.
  const child = spawn(process.execPath, ["server.js"], {
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
  started.baselines.push(child);
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

function addRoutes(dir: string, count: number) {
  const routesDir = path.join(dir, "app/routes/extra");
  fs.mkdirSync(routesDir, { recursive: true });
  const entries: string[] = [];
  for (let i = 1; i <= count; i++) {
    fs.writeFileSync(
      path.join(routesDir, `page-${i}.tsx`),
      `export function loader() { return { n: ${i} }; }\n` +
        `export default function Page${i}() { return <main><h1>Page ${i}</h1></main>; }\n`,
    );
    // One to three segments, some with a parameter, as the site's admin and review pages have.
    const path_ = [`section-${i % 7}`, ...(i % 3 ? [`page-${i}`] : [`page-${i}`, ":id"])].join("/");
    entries.push(`  route(${JSON.stringify(path_)}, "routes/extra/page-${i}.tsx"),`);
  }
  fs.writeFileSync(
    path.join(dir, "app/routes.ts"),
    `import { type RouteConfig, index, route } from "@react-router/dev/routes";\n` +
      `export default [\n  index("routes/home.tsx"),\n  route("profile", "routes/profile.tsx"),\n` +
      `${entries.join("\n")}\n] satisfies RouteConfig;\n`,
  );
}
