import { expect, test } from "@playwright/test";

// Runs only when TEST_DATABASE_URL is set: the same production build, started on PostgreSQL.
test.describe("on PostgreSQL", () => {
  test("the server migrated the database and reports it healthy", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: { status: "ok", dialect: "postgres", migrationsPending: 0 },
    });
  });

  test("the home page renders", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Undergraduate Linguistics Society" }),
    ).toBeVisible();
  });
});
