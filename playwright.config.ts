import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the production build (`npm run build` first; `npm test` does it) in
// Debian's Chromium: nothing here downloads a browser.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const sqlitePort = 3107;
const postgresPort = 3108;
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const e2eDataRoot = path.resolve(".e2e-data");

const launchOptions = {
  executablePath: chromiumPath,
  // A closed network: keep Chromium from phoning home, which fails slowly here.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const serverEnv = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
};

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${sqlitePort}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /postgres\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "mobile",
      testIgnore: /postgres\.spec\.ts/,
      use: {
        ...devices["Pixel 5"],
        viewport: { width: 375, height: 740 },
        launchOptions,
      },
    },
    ...(postgresUrl
      ? [
          {
            name: "postgres",
            testMatch: /postgres\.spec\.ts/,
            use: { baseURL: `http://localhost:${postgresPort}`, launchOptions },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // A fresh data folder per run: the server creates and migrates its SQLite database at start.
      command: `rm -rf ${e2eDataRoot}/sqlite && node server.js`,
      url: `http://localhost:${sqlitePort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(sqlitePort),
        DATA_DIR: `${e2eDataRoot}/sqlite`,
      },
    },
    ...(postgresUrl
      ? [
          {
            // The same build on PostgreSQL, in a schema emptied for this run.
            command: "node e2e/support/start-postgres-server.mjs",
            url: `http://localhost:${postgresPort}/healthz`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              ...serverEnv,
              PORT: String(postgresPort),
              DATA_DIR: `${e2eDataRoot}/postgres`,
              TEST_DATABASE_URL: postgresUrl,
            },
          },
        ]
      : []),
  ],
});
