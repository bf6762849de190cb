import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the production build (`npm run build` first; `npm test` does it) in
// Debian's Chromium: nothing here downloads a browser.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// E2E_PORT_OFFSET moves every port, so two checkouts can run the suite side by side.
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const sqlitePort = 3107 + portOffset;
const postgresPort = 3108 + portOffset;
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const e2eDataRoot = path.resolve(".e2e-data");

/**
 * Tests are tagged in their specs by what they do to the server every other test shares:
 * - `@global-state`: closing the call for abstracts (e2e/admin-call-for-abstracts.spec.ts), closing the
 *   review period and taking "the next abstract", which may be anyone's (e2e/review-period.spec.ts),
 *   changing the edition's review settings (e2e/review-admin.spec.ts), publishing a board season
 *   (e2e/content-editor.spec.ts, e2e/content-editor-portraits.spec.ts), moving the presenters'
 *   confirm-by date into the past (e2e/presenters-confirm.spec.ts), and closing the call to see
 *   abstracts become read-only (e2e/presenters-submit.spec.ts). They run alone, last, on every server.
 * - `@publishes-program`: publishing the 2025 program (e2e/program.spec.ts) replaces the edition page's
 *   program PDF that content-pages.spec.ts checks on the same SQLite server, so on that server it runs
 *   last too. The PostgreSQL server runs no public-page specs: there it runs with the rest.
 * A new test that changes shared state takes one of these tags; the projects below select on them.
 * - `@server-answers`: the test checks what the server answers (statuses, headers, policies, redirects,
 *   permission boundaries, start-up), which a phone's screen cannot change. It runs on the desktop and
 *   PostgreSQL servers, not again in the mobile project, whose time goes to what a person sees and does.
 *
 * The projects also select specs by file name: a domain's specs are `<domain>.spec.ts` or, split by
 * what they test, `<domain>-<part>.spec.ts` (admin-user-table.spec.ts, review-form.spec.ts).
 */
const globalState = /@global-state/;
const publishesProgram = /@publishes-program/;
const serverAnswers = /@server-answers/;

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

// The test services (e2e/support/test-services.mjs) stand in for a mail server and for Google.
const testServices = {
  smtpPort: 3125 + portOffset,
  mailApiPort: 3126 + portOffset,
  oidcPort: 3127 + portOffset,
};
// The tests themselves read the mail API and the provider's address from these.
process.env.MAIL_API_PORT = String(testServices.mailApiPort);
process.env.OIDC_PORT = String(testServices.oidcPort);

const serverEnv = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SMTP_URL: `smtp://127.0.0.1:${testServices.smtpPort}`,
  MAIL_FROM: "Undergraduate Linguistics Society <no-reply@e2e.test>",
  GOOGLE_CLIENT_ID: "e2e-google-client",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_DISCOVERY_URL: `http://localhost:${testServices.oidcPort}/.well-known/openid-configuration`,
  ADMIN_EMAILS: "chair-desktop@e2e.test,chair-mobile@e2e.test,chair-postgres@e2e.test",
  BETTER_AUTH_SECRET: "e2e-secret-not-for-production-0123456789abcdef",
  // Tests pose as different clients with X-Forwarded-For, each with rate-limit buckets of its own.
  TRUST_PROXY: "loopback",
  // The desktop and mobile projects share one server, and their parallel tests (sign-ups, reminders,
  // releases, group mail) can send more than the default 120 messages a minute: past it, mail waits
  // for the next minute and a test waiting 10 s for its message fails. The limit itself is tested in
  // app/lib/mail/outbox.server.test.ts.
  MAIL_RATE_PER_MINUTE: "0",
};

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Long account flows with uploads and axe checks take 15-35 s alone; two workers on a 2-core machine
  // that also runs three servers and two browsers take two to three times as long (CI measured 60 s+).
  timeout: 120_000,
  // Sign-in through the stand-in Google is several redirects; two busy workers can take a few seconds.
  expect: { timeout: 10_000 },
  use: {
    // A click on a covered button retries until it fails; it should fail as itself, not as the test's
    // timeout minutes later.
    actionTimeout: 20_000,
    baseURL: `http://localhost:${sqlitePort}`,
    // A trace records the page after every action, which costs a fifth of the suite's time on a 2-core
    // machine (measured: 13 tests, 47 s of CPU with traces, 36 s without). CI keeps only the printed
    // log, so it records none; a run here keeps the trace of a test that failed.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /(postgres|content-editions|content-edition-media)\.spec\.ts/,
      grepInvert: [globalState, publishesProgram],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "mobile",
      testIgnore: /(postgres|content-editions|content-edition-media)\.spec\.ts/,
      grepInvert: [globalState, publishesProgram, serverAnswers],
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
            testMatch:
              /(postgres|accounts|submissions|admin|review|program|presenters-(submit|confirm|materials))(-[\w-]+)?\.spec\.ts/,
            grepInvert: globalState,
            use: { baseURL: `http://localhost:${postgresPort}`, launchOptions },
          },
        ]
      : []),
    {
      // Closing the call for abstracts would refuse other tests' uploads, so the @global-state tests
      // run alone, after every other project has finished, with the program's publishing
      // (@publishes-program) on SQLite.
      name: "call-for-abstracts",
      testMatch:
        /(admin|review|program|content-pictures|content-editor|presenters-(submit|confirm|materials))(-[\w-]+)?\.spec\.ts/,
      grep: [globalState, publishesProgram],
      dependencies: ["desktop", "mobile", ...(postgresUrl ? ["postgres"] : [])],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // Publishing next year's edition makes it the current one for the whole server (the call for
      // abstracts, review, the program follow it): run after everything else on SQLite.
      name: "content-editions",
      testMatch: /content-edition(s|-media)\.spec\.ts/,
      dependencies: ["call-for-abstracts"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: [
    {
      // Started first: the app reads the OpenID provider's discovery document when it starts.
      command: "node e2e/support/test-services.mjs",
      url: `http://localhost:${testServices.mailApiPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        SMTP_PORT: String(testServices.smtpPort),
        MAIL_API_PORT: String(testServices.mailApiPort),
        OIDC_PORT: String(testServices.oidcPort),
        APP_PORTS: `${sqlitePort},${postgresPort}`,
      },
    },
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
