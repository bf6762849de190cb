import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The robustness suite: attacks the production build as a running process (`npm run build` first).
// Each test file starts servers of its own on free ports, so files run in parallel.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/robustness/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    globalSetup: ["./tests/support/vitest-global-setup.ts"],
  },
});
