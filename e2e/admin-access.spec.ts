import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { at, atLogin, logIn, strongPassword, useOwnClientAddress } from "./support/accounts";
import {
  apiAccount,
  apiUpload,
  makeAdmin,
  randomToken,
  shareSession,
  someone,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";

// Who may use the admin area: signed out, every admin page, its data, the exports, files and actions
// send you to log in (and back); a member without the admin role gets 403 (404 for another's file); and
// axe on the admin pages. The shared helpers, and how tests stay out of each other's way on one server,
// are in support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const adminPages = [
  "/user-data",
  "/user-data/submissions",
  "/user-data/presenters",
  "/user-data/program",
  "/user-data/audit",
  "/user-data/status",
];
const csvExports = ["/user-data/export/users.csv", "/user-data/export/submissions.csv"];

/** The admin actions, aimed at a submission and an account. */
function adminPosts(
  submissionId: string,
  email: string,
): { url: string; form: Record<string, string> }[] {
  return [
    { url: "/user-data/submissions", form: { intent: "accept-talk", submissionId, note: "" } },
    { url: "/user-data/presenters", form: { intent: "promote", submissionId, acceptedAs: "talk" } },
    { url: "/user-data/presenters", form: { intent: "reopen", submissionId } },
    { url: "/user-data/presenters", form: { intent: "remind" } },
    {
      url: "/user-data/presenters",
      form: { intent: "save-dates", confirmBy: "2030-01-01T00:00", materialsDue: "" },
    },
    { url: "/user-data/submissions", form: { intent: "release" } },
    { url: "/user-data/submissions", form: { intent: "close-call" } },
    { url: "/user-data?index", form: { intent: "grant", email } },
    ...programPosts(submissionId),
  ];
}

/** Every action of the program editor (issue 14). */
function programPosts(submissionId: string): { url: string; form: Record<string, string> }[] {
  const session = {
    title: "Intruders",
    kind: "talks",
    room: "",
    startsAt: "09:00",
    endsAt: "10:00",
    chair: "",
    description: "",
  };
  const url = "/user-data/program";
  return [
    { url, form: { intent: "create-session", ...session } },
    { url, form: { intent: "update-session", sessionId: "x", ...session } },
    { url, form: { intent: "delete-session", sessionId: "x" } },
    { url, form: { intent: "place", sessionId: "x", submissionId } },
    { url, form: { intent: "unplace", slotId: "x" } },
    { url, form: { intent: "move-up", slotId: "x" } },
    { url, form: { intent: "move-down", slotId: "x" } },
    { url, form: { intent: "set-minutes", slotId: "x", minutes: "30" } },
    { url, form: { intent: "publish", basedOnVersion: "" } },
    { url, form: { intent: "mail-presenters", version: "2" } },
    { url, form: { intent: "skip-mail", version: "2" } },
  ];
}

test("signed out, the admin pages, their data, the exports, files and actions all send you to log in", {
  tag: "@server-answers",
}, async ({ page }) => {
  for (const adminPage of adminPages) {
    const loginPath = `/login?message=Please+log+in+to+continue.&redirectTo=${encodeURIComponent(adminPage)}`;
    await page.goto(adminPage);
    await expect(page).toHaveURL(at(loginPath));
    // Single-fetch loader data answers a redirect as a 202 whose body names the login page.
    const data = await page.request.get(`${adminPage}.data`, { maxRedirects: 0 });
    expect(data.status(), `${adminPage}.data`).toBe(202);
    const body = await data.text();
    expect(body).toContain(`"redirect","${loginPath}"`);
    expect(body).not.toContain("@e2e.test");
  }
  const someone = `someone.${randomToken()}@e2e.test`;
  const someId = crypto.randomUUID();
  for (const url of [...csvExports, `/files/abstracts/${someId}`]) {
    const response = await page.request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(302);
    expect(response.headers().location).toMatch(/^\/login\?/);
    expect(await response.text()).toBe("");
  }
  for (const { url, form } of adminPosts(someId, someone)) {
    const response = await page.request.post(url, { form, maxRedirects: 0 });
    expect(response.status(), `POST ${url} ${form.intent}`).toBe(302);
    expect(response.headers().location).toMatch(/^\/login\?/);
  }
});

test(
  "a non-admin gets 403 from the admin pages, their data, the exports and actions, and 404 for another's file",
  { tag: "@server-answers" },
  async ({ page }, testInfo) => {
    // Someone's submission, the target of the attempts below, and a member without the admin role.
    const fileName = `private-${randomToken()}.pdf`;
    const owner = someone("owner", testInfo);
    const member = someone("member", testInfo);
    const [ownerApi, memberApi] = await Promise.all([
      apiAccount(testInfo, owner),
      apiAccount(testInfo, member),
    ]);
    const submissionId = await apiUpload(ownerApi, fileName);
    await shareSession(page, memberApi);
    await memberApi.dispose();

    for (const adminPage of adminPages) {
      const response = await page.goto(adminPage);
      expect(response?.status(), adminPage).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
      await expect(page).toHaveURL(at(adminPage));
    }
    await expectNoAxeViolations(page);
    // (The requests are independent of each other, so they go at once.)
    const dataAndExports = [...adminPages.map((adminPage) => `${adminPage}.data`), ...csvExports];
    const posts = [
      ...adminPosts(submissionId, owner.email),
      { url: "/user-data?index", form: { intent: "grant", email: member.email } },
    ];
    await Promise.all([
      ...dataAndExports.map(async (url) => {
        const response = await page.request.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(403);
        const body = await response.text();
        expect(body).not.toContain(owner.email);
        expect(body).not.toContain("First name");
      }),
      (async () => {
        const snooped = await page.request.get(`/files/abstracts/${submissionId}`);
        expect(snooped.status()).toBe(404);
        expect(await snooped.text()).not.toContain("%PDF");
      })(),
      ...posts.map(async ({ url, form }) => {
        const response = await page.request.post(url, { form, maxRedirects: 0 });
        expect(response.status(), `POST ${url} ${form.intent}`).toBe(403);
      }),
    ]);

    // Nothing changed: the member is still no admin, and the submission is still undecided (and the
    // owner can still open it).
    expect((await page.goto("/user-data"))?.status()).toBe(403);
    const status = await (await ownerApi.get("/sculc/view-submission")).text();
    expect(status).toContain(fileName);
    expect(status).toContain("Being processed");
    expect((await ownerApi.get(`/files/abstracts/${submissionId}`)).status()).toBe(200);
    await ownerApi.dispose();
  },
);

test("axe finds nothing on the user table (with results), the submissions page and the audit log", async ({
  page,
}, testInfo) => {
  // (The 403 page is checked in the non-admin test above.)
  const person = someone("axe", testInfo);
  const api = await apiAccount(testInfo, person);
  await apiUpload(api, `accessible-${randomToken()}.pdf`);
  await makeAdmin(testInfo, person.email);
  await shareSession(page, api);
  await api.dispose();

  await page.goto(`/user-data?q=${encodeURIComponent(person.email)}&sort=email&dir=desc`);
  await expect(page.getByRole("region", { name: "Users" }).getByRole("row")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.goto("/user-data/submissions");
  await expect(page.getByRole("listitem").filter({ hasText: person.email }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/user-data/audit");
  await expect(
    page.getByRole("region", { name: "Audit log" }).getByRole("row").nth(1),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("signed out, an admin page sends you to log in and back", async ({ page }, testInfo) => {
  const person = someone("returning-admin", testInfo);
  const api = await apiAccount(testInfo, person);
  await makeAdmin(testInfo, person.email);
  await shareSession(page, api);
  await api.dispose();
  await page.goto("/profile");
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(at("/"));
  await page.goto("/user-data/audit");
  await expect(page).toHaveURL(atLogin);
  await logIn(page, person.email, strongPassword);
  await expect(page).toHaveURL(at("/user-data/audit"));
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
});
