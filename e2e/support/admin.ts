import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request,
  type TestInfo,
} from "@playwright/test";
import { makeAbstractPdf } from "../../tests/support/pdf-fixtures";
import { detailFieldsFor, fillAbstractDetails, titleFor } from "./abstract-form";
import { at, logIn, register, strongPassword, uniqueEmail, verifyFromMail } from "./accounts";
import { linkTo, waitForMail } from "./mailbox";
import { serverFile, withServerLock } from "./server-lock";

// Helpers for the admin specs (admin-*.spec.ts, and the review admin's review-*.spec.ts): accounts
// made over HTTP, admins granted the way the user table does it, uploads, and locks for actions that
// are global to a server.
//
// Every project's spec files share one server database (desktop and mobile even share the same
// SQLite server), and tests run in parallel: each test makes its own accounts and files, named with a
// random token, and looks only at rows carrying that token. What is global to a server is done under a
// lock shared by all workers (`withServerLock`, support/server-lock.ts): releasing decisions (a release sends every staged
// decision, anyone's), closing the call for abstracts, making the first admin, and assigning reviewers
// automatically (it assigns every abstract of the edition).
//
// Admins: `npm run admin -- grant` (`grantAdmin`) makes ONE admin per server and run; that admin then
// grants every other test's admin through the user table's own grant action (`makeAdmin`), which also
// exercises the table's grant button.
export const runCommand = promisify(execFile);

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function randomToken(): string {
  return crypto.randomBytes(4).toString("hex");
}

/** `npm run admin`'s environment for the database behind this project's server. */
export function adminCommandEnv(testInfo: TestInfo): NodeJS.ProcessEnv {
  const { DATABASE_URL: _notThisOne, ...env } = process.env;
  if (testInfo.project.name !== "postgres")
    return { ...env, DATA_DIR: ".e2e-data/sqlite", LOG_LEVEL: "warn" };
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  // The schema start-postgres-server.mjs gives this checkout's server (one per E2E_PORT_OFFSET).
  url.searchParams.set("options", `-c search_path=e2e${process.env.E2E_PORT_OFFSET ?? ""}`);
  return {
    ...env,
    DATABASE_URL: url.toString(),
    DATA_DIR: ".e2e-data/postgres",
    LOG_LEVEL: "warn",
  };
}

/**
 * Makes an existing account an admin with the command line (the addresses in ADMIN_EMAILS are taken
 * by accounts-access.spec.ts). The session reads the role on each request, so a reload is enough.
 */
export async function grantAdmin(email: string, testInfo: TestInfo) {
  const { stdout } = await runCommand("npx", ["tsx", "scripts/admin.ts", "grant", email], {
    env: adminCommandEnv(testInfo),
    encoding: "utf8",
  });
  expect(stdout).toContain(`${email} is now an admin.`);
}

export function randomClientAddress(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export type Person = { firstName: string; lastName: string; email: string };

export const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

export function someone(prefix: string, testInfo: TestInfo): Person {
  return { firstName: "Noam", lastName: "Tester", email: uniqueEmail(prefix, testInfo) };
}

/** A request context from a client address of its own (so with rate-limit buckets of its own). */
export function apiSession(testInfo: TestInfo, storageState?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState,
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
}

/**
 * Registers, verifies and signs in `person` over HTTP, with the same forms a browser without
 * JavaScript posts: quicker than driving the pages (accounts-registration.spec.ts tests those) for
 * accounts that are only the setting of a test. Returns the signed-in request context.
 */
export async function apiAccount(testInfo: TestInfo, person: Person): Promise<APIRequestContext> {
  const api = await apiSession(testInfo);
  await expectRegistered(testInfo, person.email, async () => {
    const registered = await api.post("/register", {
      form: { ...person, password: strongPassword, confirmPassword: strongPassword },
    });
    const html = await registered.text();
    return html.includes("Verify Your Email")
      ? null
      : (/role="alert">([^<]*)</.exec(html)?.[1] ?? `status ${registered.status()}`);
  });
  const mail = await waitForMail(person.email, { subject: "Verify your email address" });
  // Opening the link only shows the button; verifying is the button's POST.
  const verified = await api.post("/verify-email", {
    form: {
      intent: "verify",
      token: new URL(linkTo(mail, "/verify-email")).searchParams.get("token") ?? "",
    },
  });
  expect(await verified.text()).toContain("Your email was verified successfully.");
  const signedIn = await api.post("/login", {
    form: { intent: "password", email: person.email, password: strongPassword, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signedIn.status(), `signing in ${person.email}`).toBe(302);
  return api;
}

/**
 * Registers through `attempt`, which returns null or the page's error. (A registration running while
 * another process wrote the SQLite file used to fail with SQLITE_BUSY_SNAPSHOT; transactions now begin
 * immediate, so this expects success the first time.)
 */
export async function expectRegistered(
  _testInfo: TestInfo,
  email: string,
  attempt: () => Promise<string | null>,
) {
  expect(await attempt(), `registering ${email}`).toBeNull();
}

/** Gives a browser page the session of a request context. */
export async function shareSession(page: Page, api: APIRequestContext) {
  await page.context().addCookies((await api.storageState()).cookies);
}

/**
 * A request context signed in as this server's granting admin: made once per server and run with the
 * command line, its session kept in a file that every worker uses (a file left by an earlier run is
 * no longer signed in, and is replaced).
 */
export async function grantingAdmin(testInfo: TestInfo): Promise<APIRequestContext> {
  const stateFile = serverFile(testInfo, "granting-admin.json");
  return withServerLock(testInfo, "granting-admin", async () => {
    if (fs.existsSync(stateFile)) {
      const api = await apiSession(testInfo, stateFile);
      if ((await api.get("/user-data", { maxRedirects: 0 })).status() === 200) return api;
      await api.dispose();
    }
    const person = someone("granting-admin", testInfo);
    const api = await apiAccount(testInfo, person);
    await grantAdmin(person.email, testInfo);
    expect((await api.get("/user-data", { maxRedirects: 0 })).status()).toBe(200);
    await api.storageState({ path: stateFile });
    return api;
  });
}

/** Makes an existing account an admin, the way an admin does it from the user table. */
export async function makeAdmin(testInfo: TestInfo, email: string) {
  const api = await grantingAdmin(testInfo);
  try {
    const response = await api.post("/user-data?index", {
      form: { intent: "grant", email },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`${email} was made an admin successfully.`);
  } finally {
    await api.dispose();
  }
}

/**
 * A browser context of its own and a page in it, signed in with `api`'s session if given. It comes
 * from a client address of its own, as `useOwnClientAddress` does for the test's own context.
 */
export async function newSession(
  browser: Browser,
  api?: APIRequestContext,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState: api ? await api.storageState() : undefined,
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  return { context, page: await context.newPage() };
}

/** Registers `person` with the form, verifies the address and signs in, ending on `landing`. */
export async function signUp(page: Page, person: Person, testInfo: TestInfo, landing = "/profile") {
  const verifyHeading = page.getByRole("heading", { name: "Verify Your Email" });
  await expectRegistered(testInfo, person.email, async () => {
    await register(page, { ...person, password: strongPassword });
    const alert = page.getByRole("alert").first();
    await expect(verifyHeading.or(alert)).toBeVisible();
    return (await verifyHeading.isVisible()) ? null : await alert.innerText();
  });
  await verifyFromMail(page, person.email);
  await page.goto(`/login?redirectTo=${encodeURIComponent(landing)}`);
  await logIn(page, person.email, strongPassword);
  await expect(page).toHaveURL(at(landing));
}

/** A new member with a profile, signed up over HTTP and signed in on `page`; returns who it is. */
export async function signedInPerson(page: Page, testInfo: TestInfo, prefix = "member") {
  const person = someone(prefix, testInfo);
  const api = await apiAccount(testInfo, person);
  await shareSession(page, api);
  await api.dispose();
  return person;
}

/** A new admin, signed in on `page`; returns the address. */
export async function signedInAdmin(page: Page, testInfo: TestInfo, landing: string) {
  const person = someone("admin", testInfo);
  const api = await apiAccount(testInfo, person);
  await makeAdmin(testInfo, person.email);
  await shareSession(page, api);
  await api.dispose();
  expect((await page.goto(landing))?.status()).toBe(200);
  return person.email;
}

/** A new admin, signed in, on `landing`, in a browser context of its own. */
export async function adminSession(browser: Browser, testInfo: TestInfo, landing = "/user-data") {
  const session = await newSession(browser);
  const email = await signedInAdmin(session.page, testInfo, landing);
  return { ...session, email };
}

export const callClosed = "The call for abstracts is closed.";

/**
 * Uploads an abstract from the submit page and returns its id. If the call happens to be closed at that
 * moment (the call test, in another worker, closes it for a second or two), waits and tries again.
 */
export async function uploadAbstract(
  page: Page,
  fileName: string,
  buffer?: Buffer,
): Promise<string> {
  const body = buffer ?? (await makeAbstractPdf());
  const input = page.getByLabel(/^Abstract \(PDF/);
  const closed = page.getByText(callClosed).first();
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.goto("/sculc/submit-abstract");
    await expect(input.or(closed)).toBeVisible();
    if (await input.isVisible()) {
      await fillAbstractDetails(page, { title: titleFor(fileName) });
      await input.setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: body });
      await page.getByRole("button", { name: "Upload Abstract" }).click();
      const done = page.getByRole("heading", { name: "Thank You for Your Submission" });
      await expect(done.or(closed)).toBeVisible();
      if (await done.isVisible()) break;
    }
    if (Date.now() > deadline) throw new Error("The call for abstracts stayed closed");
    await page.waitForTimeout(500);
  }
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
  const href = await authorCard(page, fileName)
    .getByRole("link", { name: /^View/ })
    .getAttribute("href");
  expect(href).toMatch(/^\/files\/abstracts\/[^/]+$/);
  return (href ?? "").split("/").at(-1) ?? "";
}

/**
 * Uploads an abstract over HTTP as the form does, and returns its id; like `uploadAbstract`, waits out
 * a call for abstracts that happens to be closed.
 */
export async function apiUpload(api: APIRequestContext, fileName: string): Promise<string> {
  const buffer = await makeAbstractPdf();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await api.post("/sculc/submit-abstract", {
      multipart: {
        ...detailFieldsFor(fileName),
        abstract: { name: fileName, mimeType: "application/pdf", buffer },
      },
      maxRedirects: 0,
    });
    if (response.status() !== 403 || Date.now() > deadline) {
      expect(response.status(), `uploading ${fileName}`).toBe(302);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const html = await (await api.get("/sculc/view-submission")).text();
  const position = html.indexOf(`>${fileName}<`);
  expect(position, `${fileName} on the status page`).toBeGreaterThan(0);
  const id = /\/files\/abstracts\/([\w-]+)/.exec(html.slice(position))?.[1];
  expect(id).toBeTruthy();
  return id ?? "";
}

/** A submission on the author's status page. */
export function authorCard(page: Page, fileName: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: fileName }) });
}

/** A submission on the admin's submissions page. */
export function adminCard(page: Page, fileName: string) {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `${fileName} (opens in a new tab)` }) });
}

export function successMessage(page: Page, text: string | RegExp) {
  return page.getByRole("status").filter({ hasText: text });
}

/**
 * The presenter dates acceptances are released with, far enough ahead to stay open: the same dates
 * every test that needs answers open sets (the content's 2025 dates have passed, and a release of an
 * acceptance is refused while either date has).
 */
export const openPresenterDates = {
  confirmBy: "2031-04-15T23:59",
  materialsDue: "2031-05-10T23:59",
} as const;

/** Moves any presenter date the release form shows as passed to `openPresenterDates`. */
export async function openPassedReleaseDates(admin: Page) {
  const form = admin.getByRole("region", { name: "Release decisions" });
  for (const [label, value] of [
    ["Presenters confirm or decline by", openPresenterDates.confirmBy],
    ["Final slides or posters due by", openPresenterDates.materialsDue],
  ] as const) {
    const field = form.getByLabel(label);
    if ((await field.count()) && (await field.getAttribute("aria-invalid")) === "true")
      await field.fill(value);
  }
}

/** Presses the release button (call under the "decisions" lock) and checks the decision went out. */
export async function releaseDecisions(admin: Page, fileName: string, status: string) {
  await admin.goto("/user-data/submissions");
  await openPassedReleaseDates(admin);
  const release = admin.getByRole("button", { name: /^Release \d+ decisions?$/ });
  await expect(release).toBeEnabled();
  await release.click();
  await expect(
    successMessage(admin, /^Released \d+ decisions? successfully and emailed \d+ authors?\.$/),
  ).toBeVisible();
  await expect(adminCard(admin, fileName)).toContainText(`Status: ${status}, released`);
}
