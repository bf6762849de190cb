// @ts-check
// Process entry: loads the HTTP application (from the production build, or through Vite in development),
// listens, and shuts down gracefully. Everything else lives in server/app.ts so that it is typed and bundled.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const mode = process.env.NODE_ENV === "development" ? "development" : "production";

async function loadServer() {
  if (mode === "production") {
    const buildEntry = new URL("./build/server/index.js", import.meta.url);
    if (!fs.existsSync(buildEntry)) {
      console.error("No production build found. Run `npm run build` first (or use `npm start`).");
      process.exit(1);
    }
    const { createAppServer } = await import(buildEntry.href);
    return createAppServer({
      mode,
      clientDir: fileURLToPath(new URL("./build/client", import.meta.url)),
    });
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const { createAppServer } = await devServer.ssrLoadModule("./server/app.ts");
  return createAppServer({
    mode,
    devMiddleware: devServer.middlewares,
    loadBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
  });
}

let appServer;
try {
  appServer = await loadServer();
} catch (error) {
  // Problems the operator fixes (configuration, an unreachable database) say what to do; anything
  // else is a bug and gets its stack.
  const isStartupError = error instanceof Error && "isStartupError" in error;
  console.error(isStartupError ? error.message : error);
  process.exit(1);
}

const httpServer = appServer.app.listen(appServer.port, appServer.host, () => {
  console.log(`Site ready at ${appServer.baseUrl} (${mode})`);
});
httpServer.on("error", (error) => {
  console.error(`Cannot listen on port ${appServer.port}: ${error.message}`);
  process.exit(1);
});

let isShuttingDown = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    // Finish requests in flight, then release the database; give up after 10 s.
    setTimeout(() => process.exit(1), 10_000).unref();
    httpServer.close(() => {
      appServer.close().finally(() => process.exit(0));
    });
    httpServer.closeIdleConnections();
  });
}
