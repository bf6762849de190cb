// The server bundle's entry (build/server/index.js). The supervisor loads it too, and only prepares the
// site and forks workers: the HTTP app (Express, React Router's build, better-auth, the pages) is loaded
// by `createAppServer`, in the workers, so the supervisor's process stays about 40 MB smaller.
import type { AppServer, ServerOptions } from "./app-server";

export type { AppServer, ServerOptions } from "./app-server";
export { httpLimits } from "./http-limits";
export { prepareSite } from "./prepare-site";
export { runSupervisor } from "./supervisor";
export { runSingleProcess, runWorker } from "./worker";

/** Builds the HTTP application of one worker process (server/app-server.ts). */
export async function createAppServer(options: ServerOptions): Promise<AppServer> {
  const appServer = await import("./app-server");
  return appServer.createAppServer(options);
}
