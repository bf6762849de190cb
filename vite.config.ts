import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Inline nothing as data: URLs; every asset gets a hashed file with immutable caching.
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: { rollupOptions: { output: { manualChunks: shellChunk } } },
    },
    // The server bundle's entry is our Express app, which wraps the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [reactRouter()],
});

type ChunkMeta = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
};

const appDir = fileURLToPath(new URL("./app/", import.meta.url));
// Worked out once per build: Rollup hands every call of one build the same `getModuleInfo`.
const shellModulesByBuild = new WeakMap<ChunkMeta["getModuleInfo"], Set<string>>();

/**
 * Our own modules that the root route imports, directly or through others, go into one chunk. Every
 * page loads all of them anyway, so this costs no page a byte; it saves the browser a request, and
 * every page's document a `modulepreload` link (which the server renders on each request), for each
 * of them.
 */
function shellChunk(id: string, meta: ChunkMeta): string | undefined {
  let shellModules = shellModulesByBuild.get(meta.getModuleInfo);
  if (!shellModules) {
    shellModules = ownModulesImportedBy(`${appDir}root.tsx`, meta);
    shellModulesByBuild.set(meta.getModuleInfo, shellModules);
  }
  return shellModules.has(id) ? "shell" : undefined;
}

/** The modules of app/ that `entry` imports statically, directly or not, without `entry` itself. */
function ownModulesImportedBy(entry: string, meta: ChunkMeta): Set<string> {
  const roots = [...meta.getModuleIds()].filter((id) => id.split("?")[0] === entry);
  const seen = new Set<string>(roots);
  const waiting = [...roots];
  for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(imported) || !imported.startsWith(appDir)) continue;
      seen.add(imported);
      waiting.push(imported);
    }
  }
  for (const root of roots) seen.delete(root);
  return seen;
}
