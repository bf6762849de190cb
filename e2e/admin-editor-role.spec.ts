import { expect, type Locator, type Page, test } from "@playwright/test";
import { mainNav, openMenuIfCollapsed, useOwnClientAddress } from "./support/accounts";
import {
  apiAccount,
  escapeRegExp,
  newSession,
  type Person,
  randomToken,
  signedInAdmin,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";

// The editor role: an admin grants and revokes it in the user table; an editor gets the admin area's
// frame with its one entry, Site content, and the header's Site content link, and every other admin
// page, its data, the exports and the actions answer 403. The content pages themselves are tested with
// them. The shared helpers, and how tests stay out of each other's way on one server, are in
// support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const contentPath = "/user-data/content";
const adminPages = [
  "/user-data",
  "/user-data/submissions",
  "/user-data/review",
  "/user-data/presenters",
  "/user-data/materials",
  "/user-data/program",
  "/user-data/audit",
];
const csvExports = [
  "/user-data/export/users.csv",
  "/user-data/export/submissions.csv",
  "/user-data/export/reviews.csv",
];

function someMember(token: string): Person {
  return { firstName: "Edie", lastName: `Editor${token}`, email: `edie.${token}@e2e.test` };
}

/** The Editor column's cell of `person`'s row in the user table (after Admin and Reviewer). */
function editorCell(page: Page, person: Person): Locator {
  return page.getByRole("row").filter({ hasText: person.email }).getByRole("cell").nth(8);
}

function makeEditorButton(page: Page, person: Person): Locator {
  // (Chromium names it "Make editor : edie…": the hidden part is a box of its own.)
  return page.getByRole("button", {
    name: new RegExp(`^Make editor\\s*: ${escapeRegExp(person.email)}$`),
  });
}

function revokeEditorButton(page: Page, person: Person): Locator {
  return page.getByRole("button", { name: `Revoke editor from ${person.email}` });
}

async function siteContentLink(page: Page): Promise<Locator> {
  await openMenuIfCollapsed(page);
  return mainNav(page).getByRole("link", { name: "Site content" });
}

/** What an editor may not open or do: every admin page, its data, the exports, the actions. */
async function expectRefusedEverywhereButContent(page: Page, bystander: string) {
  for (const adminPage of adminPages) {
    const response = await page.goto(adminPage);
    expect(response?.status(), adminPage).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    // The frame's menu offers the content, and nothing else of the area.
    const adminNav = page.getByRole("navigation", { name: "Admin" });
    await expect(adminNav.getByRole("link")).toHaveCount(1);
    await expect(adminNav.getByRole("link", { name: "Site content" })).toHaveAttribute(
      "href",
      contentPath,
    );
  }
  const posts: { url: string; form: Record<string, string> }[] = [
    { url: "/user-data?index", form: { intent: "grant", email: bystander } },
    { url: "/user-data?index", form: { intent: "grant-editor", userId: "anyone" } },
    { url: "/user-data?index", form: { intent: "revoke-editor", userId: "anyone" } },
    { url: "/user-data?index", form: { intent: "grant-reviewer", userId: "anyone" } },
    { url: "/user-data/submissions", form: { intent: "release" } },
    { url: "/user-data/review", form: { intent: "remind" } },
    { url: "/user-data/presenters", form: { intent: "remind" } },
    { url: "/user-data/program", form: { intent: "publish", basedOnVersion: "" } },
  ];
  await Promise.all([
    ...[...adminPages.map((adminPage) => `${adminPage}.data`), ...csvExports].map(async (url) => {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(403);
      const body = await response.text();
      expect(body, url).not.toContain("@e2e.test");
      expect(body, url).not.toContain("First name");
    }),
    ...posts.map(async ({ url, form }) => {
      const response = await page.request.post(url, { form, maxRedirects: 0 });
      expect(response.status(), `POST ${url} ${form.intent}`).toBe(403);
    }),
  ]);
}

test("an admin makes a member an editor: Site content in the header and the admin menu, 403 everywhere else; revoked, gone on the next request", async ({
  page,
  browser,
}, testInfo) => {
  const token = randomToken();
  const person = someMember(token);
  const [adminEmail, memberApi] = await Promise.all([
    signedInAdmin(page, testInfo, `/user-data?q=${token}`),
    apiAccount(testInfo, person),
  ]);
  const member = await newSession(browser, memberApi);
  await memberApi.dispose();

  // Before: a member like any other.
  expect((await member.page.goto("/user-data"))?.status()).toBe(403);
  await expect(member.page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await expect(await siteContentLink(member.page)).toHaveCount(0);

  // The admin's own menu: every page, then Site content last.
  const adminNav = page.getByRole("navigation", { name: "Admin" });
  await expect(adminNav.getByRole("link")).toHaveText([
    "Users",
    "Submissions",
    "Review",
    "Presenters",
    "Final materials",
    "Program",
    "Mail",
    "Audit log",
    "Status",
    "Site content",
  ]);
  await expect(adminNav.getByRole("link", { name: "Site content" })).toHaveAttribute(
    "href",
    contentPath,
  );

  await expect(editorCell(page, person)).toHaveText(/^No/);
  await makeEditorButton(page, person).click();
  await expect(
    successMessage(
      page,
      `${person.email} was made an editor successfully. They can now edit the site's content.`,
    ),
  ).toBeVisible();
  await expect(editorCell(page, person)).toHaveText(/^Yes/);
  await expect(makeEditorButton(page, person)).toHaveCount(0);
  // The editor role is not the admin role.
  await expect(
    page.getByRole("row").filter({ hasText: person.email }).getByRole("cell").nth(6),
  ).toHaveText(/^No/);

  // A reviewer too: the widest header a non-admin gets.
  await page
    .getByRole("button", { name: new RegExp(`^Make reviewer\\s*: ${escapeRegExp(person.email)}$`) })
    .click();
  await expect(
    successMessage(page, `${person.email} was made a reviewer successfully.`),
  ).toBeVisible();

  // The member's next request: the header's Site content link, and the frame with only that entry.
  await member.page.goto("/profile");
  const link = await siteContentLink(member.page);
  await expect(link).toHaveAttribute("href", contentPath);
  await expect(mainNav(member.page).getByRole("link", { name: "User Data" })).toHaveCount(0);
  // From 60rem the header is one row, Review and Site content included.
  await member.page.setViewportSize({ width: 960, height: 800 });
  const rows = new Set<number>();
  for (const name of ["Home", "NACLO", "Our Board", "Review", "Site content", "Profile"]) {
    const box = await mainNav(member.page).getByRole("link", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    rows.add(Math.round((box?.y ?? 0) / 10));
  }
  expect(rows.size).toBe(1);
  await member.page.setViewportSize({ width: 1280, height: 800 });
  await expectRefusedEverywhereButContent(member.page, person.email);
  await member.page.goto("/user-data/audit");
  await expect(
    member.page.getByText("As an editor, you can change the site's content under Site content."),
  ).toBeVisible();
  await expectNoAxeViolations(member.page);

  // Revoked: the very next request is a member's again.
  await page.goto(`/user-data?q=${token}`);
  await revokeEditorButton(page, person).click();
  await expect(
    successMessage(
      page,
      `The editor role was removed from ${person.email} successfully. They can no longer edit the site's content.`,
    ),
  ).toBeVisible();
  await expect(editorCell(page, person)).toHaveText(/^No/);
  expect((await member.page.reload())?.status()).toBe(403);
  await expect(member.page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(member.page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await expect(await siteContentLink(member.page)).toHaveCount(0);
  await member.context.close();

  // Both changes are in the audit log, readably, with who made them.
  await page.goto("/user-data/audit");
  const entries = page
    .getByRole("region", { name: "Audit log" })
    .getByRole("row")
    .filter({ hasText: person.email });
  await expect(entries.filter({ hasText: "Made editor" })).toContainText(adminEmail);
  await expect(entries.filter({ hasText: "Revoked editor" })).toContainText(adminEmail);
});

test("at 375 px the editor buttons are reached and pressed with the keyboard, and the page does not scroll sideways", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const token = randomToken();
  const person = someMember(token);
  const [, memberApi] = await Promise.all([
    signedInAdmin(page, testInfo, `/user-data?q=${token}`),
    apiAccount(testInfo, person),
  ]);
  await memberApi.dispose();
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  /** Tabs from the search box until `target` has the focus, then presses Enter on it. */
  async function tabToAndPress(target: Locator) {
    await page.getByRole("searchbox", { name: "Search users" }).focus();
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press("Tab");
      if (await target.evaluate((element) => element === document.activeElement)) {
        await expect(target).toBeInViewport();
        await page.keyboard.press("Enter");
        return;
      }
    }
    throw new Error("the button was never reached with Tab");
  }

  await expect(makeEditorButton(page, person)).toBeAttached();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await tabToAndPress(makeEditorButton(page, person));
  await expect(
    successMessage(page, `${person.email} was made an editor successfully.`),
  ).toBeVisible();
  await expect(editorCell(page, person)).toHaveText(/^Yes/);
  expect(await sideways()).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  await tabToAndPress(revokeEditorButton(page, person));
  await expect(
    successMessage(page, `The editor role was removed from ${person.email} successfully.`),
  ).toBeVisible();
  await expect(editorCell(page, person)).toHaveText(/^No/);
  expect(await sideways()).toBeLessThanOrEqual(0);
});
