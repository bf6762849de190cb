import { expect, type Page, test } from "@playwright/test";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { useOwnClientAddress } from "./support/accounts";
import {
  adminSession,
  apiAccount,
  authorCard,
  callClosed,
  randomToken,
  shareSession,
  someone,
  successMessage,
  uploadAbstract,
} from "./support/admin";
import { withServerLock } from "./support/server-lock";

// The call for abstracts: closing it blocks uploads, opening it again restores them. The call is
// global to a server, so the test is tagged @global-state and runs alone (playwright.config.ts); the
// shared helpers are in support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test.describe("the call for abstracts", () => {
  // The call is one switch for the whole server: this test is the only one that touches it. It holds
  // a lock (desktop and mobile share a server) while the call is closed, closes and reopens within a
  // few seconds, and reopens in `finally`. Uploads in the admin specs (uploadAbstract, apiUpload)
  // wait out a closed call; uploads in other spec files do not (see the report).
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
