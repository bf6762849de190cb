import crypto from "node:crypto";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { at, atLogin, logIn, strongPassword, useOwnClientAddress } from "./support/accounts";
import {
  adminCard,
  adminSession,
  apiAccount,
  apiUpload,
  authorCard,
  callClosed,
  escapeRegExp,
  fullName,
  makeAdmin,
  newSession,
  type Person,
  randomToken,
  releaseDecisions,
  shareSession,
  signedInAdmin,
  signUp,
  someone,
  successMessage,
  uploadAbstract,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, linkTo, waitForMail } from "./support/mailbox";
import { withServerLock } from "./support/server-lock";

// The admin area: who may see it, the user table (search, sort, roles), decisions and their emails,
// CSV exports, the audit log and the call for abstracts. The shared helpers, and how tests stay out of
// each other's way on one server, are in support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const adminPages = [
  "/user-data",
  "/user-data/submissions",
  "/user-data/presenters",
  "/user-data/program",
  "/user-data/audit",
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

test("signed out, the admin pages, their data, the exports, files and actions all send you to log in", async ({
  page,
}) => {
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

test("a non-admin gets 403 from the admin pages, their data, the exports and actions, and 404 for another's file", async ({
  page,
}, testInfo) => {
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
});

test.describe("the user table", () => {
  // One set of accounts for both tests: three users whose names carry a token, so that `?q=<token>`
  // shows exactly them. A has two abstracts (the first one, Zeta, uploaded before B's); B has one that
  // is accepted and released (a presenter); C has none, is an admin, and is the one looking.
  test.describe.configure({ mode: "serial" });

  const token = randomToken();
  const a: Person = {
    firstName: `Ada${token}`,
    lastName: "Ashford",
    email: `zed.${token}@e2e.test`,
  };
  const b: Person = { firstName: "Bea", lastName: `Bell${token}`, email: `bob.${token}@e2e.test` };
  const c: Person = { firstName: "Cyd", lastName: `Cole${token}`, email: `cyd.${token}@e2e.test` };
  const files = {
    aFirst: `Zeta-${token}.pdf`,
    aLater: `Later-${token}.pdf`,
    b: `Alpha-${token}.pdf`,
  };

  // biome-ignore lint/correctness/noEmptyPattern: Playwright wants the fixtures argument destructured
  test.beforeAll(async ({}, testInfo) => {
    const [apiA, apiB, apiC] = await Promise.all([
      apiAccount(testInfo, a),
      apiAccount(testInfo, b),
      apiAccount(testInfo, c),
    ]);
    await apiUpload(apiA, files.aFirst);
    const [, bSubmission] = await Promise.all([
      apiUpload(apiA, files.aLater),
      apiUpload(apiB, files.b),
      makeAdmin(testInfo, c.email),
    ]);
    await withServerLock(testInfo, "decisions", async () => {
      const accepted = await apiC.post("/user-data/submissions", {
        form: { intent: "accept-talk", submissionId: bSubmission, note: "" },
      });
      expect(await accepted.text()).toContain("Decision saved successfully");
      const released = await apiC.post("/user-data/submissions", { form: { intent: "release" } });
      expect(await released.text()).toMatch(/Released \d+ decisions? successfully/);
    });
    await Promise.all([apiA.dispose(), apiB.dispose(), apiC.dispose()]);
  });

  async function signInAsAdmin(page: Page, landing: string) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(landing)}`);
    await logIn(page, c.email, strongPassword);
    await expect(page).toHaveURL(at(landing));
    await expect(page.getByRole("heading", { name: "User Data" })).toBeVisible();
  }

  const nameCells = (page: Page) =>
    page.getByRole("region", { name: "Users" }).locator("tbody tr td:first-child");

  test("search on Enter by first name, last name, email and first abstract, in any case", async ({
    page,
  }) => {
    await signInAsAdmin(page, "/user-data");
    const search = page.getByRole("searchbox", { name: "Search users" });
    const cases: [string, Person][] = [
      [`aDa${token.toUpperCase()}`, a],
      [`BELL${token}`, b],
      [`Cyd.${token.toUpperCase()}@E2E.test`, c],
      [`zEtA-${token}`, a],
    ];
    for (const [term, person] of cases) {
      await search.fill(term);
      await search.press("Enter");
      await expect(page).toHaveURL(
        (url) => url.pathname === "/user-data" && url.searchParams.get("q") === term,
      );
      await expect(page.getByRole("status")).toHaveText(
        `Showing 1–1 of 1 user matching “${term}”.`,
      );
      await expect(nameCells(page)).toHaveText([fullName(person)]);
      await expect(search).toHaveValue(term);
    }

    // Only the first abstract is the user's Abstract Name, and only it is searched.
    await search.fill(`later-${token}`);
    await search.press("Enter");
    await expect(page.getByRole("status")).toHaveText(`No users match “later-${token}”.`);
    await expect(page.getByRole("region", { name: "Users" })).toHaveCount(0);

    await search.fill(`  ${token.toUpperCase()} `);
    await search.press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      `Showing 1–3 of 3 users matching “${token.toUpperCase()}”.`,
    );
    await expect(nameCells(page)).toHaveText([a, b, c].map(fullName));

    // The row shows each column (your own row: no button to revoke yourself), and the admin can open
    // the listed abstract.
    const rowOf = (person: Person) => page.getByRole("row").filter({ hasText: person.email });
    const cellsOf = (person: Person) => rowOf(person).getByRole("cell");
    await expect(cellsOf(a)).toHaveText([
      fullName(a),
      a.email,
      "Yes",
      "No",
      `${files.aFirst} (opens in a new tab)`,
      /\d/,
      /^No\s*Make admin/,
      /^No\s*Make reviewer/,
    ]);
    await expect(cellsOf(b)).toHaveText([
      fullName(b),
      b.email,
      "Yes",
      "Yes",
      `${files.b} (opens in a new tab)`,
      /\d/,
      /^No\s*Make admin/,
      /^No\s*Make reviewer/,
    ]);
    await expect(cellsOf(c)).toHaveText([
      fullName(c),
      c.email,
      "No",
      "No",
      "—",
      "—",
      "Yes",
      /^No\s*Make reviewer/,
    ]);
    // A configured admin's role cannot be changed here (the reviewer role can).
    await expect(rowOf(c).getByRole("button", { name: /^(Make|Revoke) admin/ })).toHaveCount(0);
    const href = await rowOf(a).getByRole("link", { name: files.aFirst }).getAttribute("href");
    expect(href).toMatch(/^\/files\/abstracts\//);
    const pdf = await page.request.get(href ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });

  test("every column sorts both ways, empty values last, with aria-sort on the sorted header", async ({
    page,
  }) => {
    await signInAsAdmin(page, `/user-data?q=${token}`);
    const table = page.getByRole("region", { name: "Users" }).getByRole("table");
    const keys: Record<string, string> = {
      Name: "name",
      Email: "email",
      Applicant: "applicant",
      Presenter: "presenter",
      "Abstract Name": "abstract",
      "Upload Time": "upload",
      Admin: "admin",
    };
    const header = (label: string) =>
      // (Chromium names it "Name , sort ascending": the hidden hint is a box of its own.)
      table.getByRole("columnheader", { name: new RegExp(`^${label}\\s*, sort`) });

    async function expectSorted(label: string, dir: "asc" | "desc", order: Person[]) {
      const key = keys[label];
      const query = `q=${token}${key === "name" ? "" : `&sort=${key}`}${dir === "desc" ? "&dir=desc" : ""}`;
      await expect(page).toHaveURL(at(`/user-data?${query}`));
      const word = dir === "asc" ? "ascending" : "descending";
      await expect(header(label)).toHaveAttribute("aria-sort", word);
      await expect(
        page.getByRole("table", { name: `Users, sorted by ${label} ${word}` }),
      ).toHaveCount(1);
      for (const other of Object.keys(keys).filter((candidate) => candidate !== label))
        await expect(header(other)).not.toHaveAttribute("aria-sort");
      await expect(nameCells(page), `${label} ${word}`).toHaveText(order.map(fullName));
    }

    // A: applicant, abstract Zeta (uploaded first); B: presenter, abstract Alpha; C: admin, no abstract.
    const orders: [string, Person[], Person[]][] = [
      ["Name", [a, b, c], [c, b, a]],
      ["Email", [b, c, a], [a, c, b]], // bob, cyd, zed
      ["Applicant", [c, a, b], [a, b, c]], // ties by name
      ["Presenter", [a, c, b], [b, a, c]],
      ["Abstract Name", [b, a, c], [a, b, c]], // C's empty value last both ways
      ["Upload Time", [a, b, c], [b, a, c]],
      ["Admin", [a, b, c], [c, a, b]],
    ];
    await expectSorted("Name", "asc", [a, b, c]);
    for (const [label, ascending, descending] of orders) {
      if (label !== "Name") {
        await header(label).getByRole("link").click();
        await expectSorted(label, "asc", ascending);
      }
      await header(label).getByRole("link").click();
      await expectSorted(label, "desc", descending);
    }

    // A search keeps the sort.
    const search = page.getByRole("searchbox", { name: "Search users" });
    await search.fill(`bell${token}`);
    await search.press("Enter");
    await expect(page).toHaveURL(at(`/user-data?q=bell${token}&sort=admin&dir=desc`));
    await expect(nameCells(page)).toHaveText([fullName(b)]);
  });
});

/** An author with a new abstract, signed in on `page`, and an admin in a browser of their own. */
async function authorAndAdmin(page: Page, browser: Browser, testInfo: TestInfo, prefix: string) {
  const fileName = `${prefix}-${randomToken()}.pdf`;
  const author = someone(prefix, testInfo);
  const [admin] = await Promise.all([
    adminSession(browser, testInfo, "/user-data/submissions"),
    (async () => {
      const api = await apiAccount(testInfo, author);
      await apiUpload(api, fileName);
      await shareSession(page, api);
      await api.dispose();
    })(),
  ]);
  return { fileName, authorEmail: author.email, admin, card: adminCard(admin.page, fileName) };
}

test("accept, then release: the author gets one email and is led to the congratulations page", async ({
  page,
  browser,
}, testInfo) => {
  const { fileName, authorEmail, admin, card } = await authorAndAdmin(
    page,
    browser,
    testInfo,
    "accepted",
  );
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    await expect(card).toContainText(authorEmail);
    await card.getByLabel("Note (optional)").fill("Clear data, strong argument");
    await card.getByRole("button", { name: `Accept as talk ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    await releaseDecisions(admin.page, fileName, "Accepted as a talk");
  });
  await expect(card).toContainText("Note: Clear data, strong argument");
  await expect(card.getByRole("button")).toHaveCount(0);
  await admin.page.goto("/user-data/submissions?status=accepted");
  await expect(card).toBeVisible();
  await admin.context.close();

  const mail = await waitForMail(authorEmail, {
    subject: "Action required: confirm your SCULC presentation",
  });
  expect(mail.text).toContain(`${fileName}: accepted as a talk`);
  // Once (a reminder to confirm, from the presenters spec in another worker, may come on its own).
  expect(await countMail(authorEmail, "Action required")).toBe(1);

  await page.goto(linkTo(mail, "/sculc/congratulations-page"));
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await page.goto("/sculc-2025");
  await page.getByRole("link", { name: "View Submission Status" }).click();
  await expect(page).toHaveURL(at("/sculc/congratulations-page"));
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await page.goto("/sculc/view-submission");
  await expect(authorCard(page, fileName)).toContainText("Status: Accepted");
  await expect(page.getByRole("button", { name: `Delete ${fileName}` })).toHaveCount(0);
});

test("a staged decision is not shown to the author, and can be undone", async ({
  page,
  browser,
}, testInfo) => {
  const { fileName, admin, card } = await authorAndAdmin(page, browser, testInfo, "pending");
  const filters = admin.page.getByRole("navigation", { name: "Filter submissions" });

  // Under the lock no other test releases decisions, so this one stays staged until it is undone.
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    await expect(card).toContainText("Status: Undecided");
    await card.getByRole("button", { name: `Reject ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(
      admin.page.getByRole("button", { name: /^Release \d+ decisions?$/ }),
    ).toBeEnabled();

    await page.goto("/sculc/view-submission");
    await expect(authorCard(page, fileName)).toContainText("Status: Being processed");

    await filters.getByRole("link", { name: "Decided, not released" }).click();
    await expect(admin.page).toHaveURL(at("/user-data/submissions?status=staged"));
    await expect(filters.getByRole("link", { name: "Decided, not released" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(filters.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(card).toContainText("Status: Rejected, not released yet");
    await card.getByRole("button", { name: `Undo the decision on ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision undone successfully.")).toBeVisible();
    await expect(card).toHaveCount(0);
  });
  await filters.getByRole("link", { name: "Undecided" }).click();
  await expect(admin.page).toHaveURL(at("/user-data/submissions?status=undecided"));
  await expect(card).toContainText("Status: Undecided");
  await expect(card.getByRole("button", { name: `Accept as talk ${fileName}` })).toBeVisible();
  await admin.context.close();
});

test("reject, then release: the author gets the not-accepted email and sees Not accepted", async ({
  page,
  browser,
}, testInfo) => {
  const { fileName, authorEmail, admin, card } = await authorAndAdmin(
    page,
    browser,
    testInfo,
    "declined",
  );
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    await card.getByRole("button", { name: `Reject ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    await releaseDecisions(admin.page, fileName, "Rejected");
  });
  await admin.page.goto("/user-data/submissions?status=rejected");
  await expect(card).toContainText("Status: Rejected, released");
  await admin.context.close();

  const mail = await waitForMail(authorEmail, {
    subject: "Your SCULC 2025 abstract was not accepted",
  });
  expect(mail.text).toContain(`${fileName}: not accepted`);
  expect(await countMail(authorEmail)).toBe(2);

  await page.goto(linkTo(mail, "/sculc/view-submission"));
  await expect(authorCard(page, fileName)).toContainText("Status: Not accepted");
  await expect(page.getByRole("button", { name: `Delete ${fileName}` })).toHaveCount(0);
  await page.goto("/sculc/congratulations-page");
  await expect(page).toHaveURL(at("/sculc/view-submission"));
  await page.goto("/sculc-2025");
  await page.getByRole("link", { name: "View Submission Status" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission"));
});

test("grant and revoke admin from the table; your own row has no Revoke", async ({
  page,
  browser,
}, testInfo) => {
  const token = randomToken();
  const person: Person = {
    firstName: "Mona",
    lastName: `Member${token}`,
    email: `mona.${token}@e2e.test`,
  };
  const [adminEmail, memberApi] = await Promise.all([
    signedInAdmin(page, testInfo, `/user-data?q=${token}`),
    apiAccount(testInfo, person),
  ]);
  const member = await newSession(browser, memberApi);
  await memberApi.dispose();
  expect((await member.page.goto("/user-data"))?.status()).toBe(403);

  const row = page.getByRole("row").filter({ hasText: person.email });
  // The Admin column, before Reviewer.
  const adminCell = row.getByRole("cell").nth(6);
  await expect(adminCell).toHaveText(/^No/);
  // (Chromium names it "Make admin : mona…": the hidden part is a box of its own.)
  await row
    .getByRole("button", { name: new RegExp(`^Make admin\\s*: ${escapeRegExp(person.email)}$`) })
    .click();
  await expect(
    successMessage(page, `${person.email} was made an admin successfully.`),
  ).toBeVisible();
  await expect(adminCell).toHaveText(/^Yes/);
  await expect(row.getByRole("button", { name: /^Make admin/ })).toHaveCount(0);
  expect((await member.page.reload())?.status()).toBe(200);
  await expect(member.page.getByRole("heading", { name: "User Data" })).toBeVisible();

  await row.getByRole("button", { name: `Revoke admin from ${person.email}` }).click();
  await expect(
    successMessage(page, `Admin rights were removed from ${person.email} successfully.`),
  ).toBeVisible();
  await expect(adminCell).toHaveText(/^No/);
  expect((await member.page.reload())?.status()).toBe(403);
  await member.context.close();

  // Your own row: Yes, and no button to revoke yourself; the server refuses it too.
  await page.goto(`/user-data?q=${encodeURIComponent(adminEmail)}`);
  const ownRow = page.getByRole("row").filter({ hasText: adminEmail });
  await expect(ownRow.getByRole("cell").nth(6)).toHaveText("Yes");
  await expect(ownRow.getByRole("button", { name: /^(Make|Revoke) admin/ })).toHaveCount(0);
  const selfRevoke = await page.request.post("/user-data?index", {
    form: { intent: "revoke", email: adminEmail },
  });
  expect(selfRevoke.status()).toBe(400);
  expect(await selfRevoke.text()).toContain("You cannot revoke your own admin right.");

  await page.goto("/user-data/audit");
  const entries = page
    .getByRole("region", { name: "Audit log" })
    .getByRole("row")
    .filter({ hasText: person.email });
  await expect(entries.filter({ hasText: "Made admin" })).toContainText(adminEmail);
  await expect(entries.filter({ hasText: "Revoked admin" })).toContainText(adminEmail);
});

test("CSV exports: downloads with formulas neutralised, each recorded in the audit log", async ({
  page,
  browser,
}, testInfo) => {
  const token = randomToken();
  // The registration form trims names but takes one that a spreadsheet would run as a formula.
  const person: Person = {
    firstName: " =cmd ",
    lastName: `Csv${token}`,
    email: `csv.${token}@e2e.test`,
  };
  const fileName = `=SUM("x")-${token}.pdf`;
  const author = await newSession(browser);
  const [adminEmail] = await Promise.all([
    signedInAdmin(page, testInfo, "/user-data"),
    (async () => {
      await signUp(author.page, person, testInfo);
      await uploadAbstract(author.page, fileName);
    })(),
  ]);
  await author.context.close();

  const users = await page.request.get("/user-data/export/users.csv");
  expect(users.status()).toBe(200);
  expect(users.headers()).toMatchObject({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": 'attachment; filename="sculc-2025-users.csv"',
    "cache-control": "private, no-store",
  });
  const usersCsv = (await users.body()).toString("utf8");
  expect(usersCsv.startsWith("\ufeff")).toBe(true);
  const userLines = usersCsv.slice(1).split("\r\n");
  expect(userLines[0]).toBe(
    '"First name","Last name","Email","Applicant","Presenter","Admin","Reviewer","First abstract","First abstract title","Uploaded (Pacific)"',
  );
  expect(userLines.find((line) => line.includes(person.email))).toMatch(
    new RegExp(
      `^"'=cmd","Csv${token}","csv\\.${token}@e2e\\.test","yes","no","no","no","'=SUM\\(""x""\\)-${token}\\.pdf","'=SUM\\(""x""\\)-${token}\\.pdf","[^"]+"$`,
    ),
  );

  const submissions = await page.request.get("/user-data/export/submissions.csv");
  expect(submissions.status()).toBe(200);
  expect(submissions.headers()["content-disposition"]).toBe(
    'attachment; filename="sculc-2025-submissions.csv"',
  );
  const submissionLines = (await submissions.body()).toString("utf8").slice(1).split("\r\n");
  expect(submissionLines[0]).toBe(
    '"Number","Title","Authors","Preferred format","Submitted by","Email","File","Uploaded (Pacific)","Words","Pages","Decision","Released","Note"',
  );
  expect(submissionLines.find((line) => line.includes(person.email))).toMatch(
    new RegExp(
      `^"\\d+","'=SUM\\(""x""\\)-${token}\\.pdf","'=cmd Csv${token} \\(presenting\\)","talk","'=cmd Csv${token}","csv\\.${token}@e2e\\.test","'=SUM\\(""x""\\)-${token}\\.pdf","[^"]+","\\d+","1","undecided","no",""$`,
    ),
  );

  // The links on the pages download the same files.
  await page.goto("/user-data");
  const [usersDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download users (CSV)" }).click(),
  ]);
  expect(usersDownload.suggestedFilename()).toBe("sculc-2025-users.csv");
  await page.goto("/user-data/submissions");
  const [submissionsDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download submissions (CSV)" }).click(),
  ]);
  expect(submissionsDownload.suggestedFilename()).toBe("sculc-2025-submissions.csv");

  await page.goto("/user-data/audit");
  const mine = page
    .getByRole("region", { name: "Audit log" })
    .getByRole("row")
    .filter({ hasText: adminEmail });
  await expect(mine.filter({ hasText: "Exported users" })).toHaveCount(2);
  await expect(mine.filter({ hasText: "Exported submissions" })).toHaveCount(2);
});

test.describe("the call for abstracts", () => {
  // The call is one switch for the whole server: this test is the only one that touches it. It holds
  // a lock (desktop and mobile share a server) while the call is closed, closes and reopens within a
  // few seconds, and reopens in `finally`. Uploads elsewhere in this file wait out a closed call;
  // uploads in other spec files do not (see the report).
  test.describe.configure({ mode: "serial" });

  test(
    "closing the call blocks uploads; opening it again restores them",
    { tag: "@global-state" },
    async ({ page, browser }, testInfo) => {
      const [admin] = await Promise.all([
        adminSession(browser, testInfo, "/user-data/submissions"),
        (async () => {
          const api = await apiAccount(testInfo, someone("latecomer", testInfo));
          await shareSession(page, api);
          await api.dispose();
        })(),
      ]);
      const pdf = await makeAbstractPdf();
      const fileName = `after-reopening-${randomToken()}.pdf`;
      const panel = admin.page.getByRole("region", { name: "Call for abstracts" });
      const visitor = await (await browser.newContext()).newPage();
      const expectCallOnEditionPage = async (visitorPage: Page, status: "Open" | "Closed") => {
        await visitorPage.goto("/sculc-2025");
        const call = visitorPage.locator("#call-for-abstracts");
        await expect(call.getByText(status, { exact: true })).toBeVisible();
        await expect(call.getByRole("link", { name: "Submit an abstract" })).toHaveCount(
          status === "Open" ? 1 : 0,
        );
      };

      await withServerLock(testInfo, "call", async () => {
        await admin.page.goto("/user-data/submissions");
        await expect(panel).toContainText("The call is open.");
        let reopened = false;
        try {
          await panel.getByRole("button", { name: "Close the call now" }).click();
          await expect(
            successMessage(admin.page, "The call for abstracts was closed successfully."),
          ).toBeVisible();
          await expect(panel).toContainText("The call is closed.");
          // Signed-out visitors get the edition page from the public page cache: closed at once.
          await expectCallOnEditionPage(visitor, "Closed");

          await page.goto("/sculc/submit-abstract");
          await expect(page.getByRole("status")).toHaveText(
            "The call for abstracts is closed. Thank you to everyone who submitted.",
          );
          await expect(page.getByLabel(/^Abstract \(PDF/)).toHaveCount(0);
          const refused = await page.request.post("/sculc/submit-abstract", {
            multipart: { abstract: { name: "late.pdf", mimeType: "application/pdf", buffer: pdf } },
          });
          expect(refused.status()).toBe(403);
          expect(await refused.text()).toContain(callClosed);

          await panel.getByRole("button", { name: "Open the call" }).click();
          await expect(
            successMessage(admin.page, "The call for abstracts was opened successfully."),
          ).toBeVisible();
          reopened = true;
          await expect(panel).toContainText("The call is open.");
          await expectCallOnEditionPage(visitor, "Open");
        } finally {
          if (!reopened)
            await admin.page.request.post("/user-data/submissions", {
              form: { intent: "open-call", closesAt: "" },
            });
        }
        await uploadAbstract(page, fileName, pdf);
      });
      await expect(authorCard(page, fileName)).toContainText("Status: Being processed");

      await admin.page.goto("/user-data/audit");
      const mine = admin.page
        .getByRole("region", { name: "Audit log" })
        .getByRole("row")
        .filter({ hasText: admin.email });
      await expect(mine.filter({ hasText: "Closed the call" })).toHaveCount(1);
      await expect(mine.filter({ hasText: "Opened the call" })).toHaveCount(1);
      await admin.context.close();
      await visitor.context().close();
    },
  );
});

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
