import { expect, type Page, test } from "@playwright/test";
import { at, logIn, strongPassword, useOwnClientAddress } from "./support/accounts";
import {
  apiAccount,
  apiUpload,
  escapeRegExp,
  fullName,
  makeAdmin,
  newSession,
  openPresenterDates,
  type Person,
  randomToken,
  signedInAdmin,
  successMessage,
} from "./support/admin";
import { withServerLock } from "./support/server-lock";

// The admin area's user table: search, sort, and granting and revoking the admin role. The shared
// helpers, and how tests stay out of each other's way on one server, are in support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
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
      let released = await apiC.post("/user-data/submissions", { form: { intent: "release" } });
      // Refused while a presenter date has passed (the content's are in 2025): move them, once.
      if (released.status() === 409)
        released = await apiC.post("/user-data/submissions", {
          form: { intent: "release", ...openPresenterDates },
        });
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
      /^No\s*Make editor/,
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
      /^No\s*Make editor/,
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
      /^No\s*Make editor/,
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
