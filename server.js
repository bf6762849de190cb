// @ts-check
// Process entry. In production (`npm start`, `npm run serve`) this is the supervisor: the primary process
// prepares the site once and keeps WEB_CONCURRENCY HTTP workers serving (server/supervisor.ts); each
// worker runs this file again and serves (server/worker.ts). In development one process serves through
// Vite. Everything else lives in server/ so that it is typed and bundled.
import cluster from "node:cluster";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const mode = process.env.NODE_ENV === "development" ? "development" : "production";

if (mode === "production") {
  const buildEntry = new URL("./build/server/index.js", import.meta.url);
  if (!fs.existsSync(buildEntry)) {
    console.error("No production build found. Run `npm run build` first (or use `npm start`).");
    process.exit(1);
  }
  const server = await import(buildEntry.href);
  if (cluster.isPrimary) await server.runSupervisor();
  else
    await server.runWorker(() =>
      server.createAppServer({
        mode,
        clientDir: fileURLToPath(new URL("./build/client", import.meta.url)),
      }),
    );
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const server = await devServer.ssrLoadModule("./server/app.ts");
  await server.runSingleProcess(() =>
    server.createAppServer({
      mode,
      devMiddleware: devServer.middlewares,
      loadBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    }),
  );
}
