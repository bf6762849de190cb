import { expect, test } from "@playwright/test";
import { register, strongPassword, uniqueEmail, useOwnClientAddress } from "./support/accounts";

// The signed-out account forms are documents without framework JavaScript: the browser posts them, and
// the page script shows the pressed button's pending label and refuses a second press.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test("a press shows its pending label, and a second press sends nothing", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.getByLabel("Email").fill(uniqueEmail("nobody", testInfo));
  await page.getByLabel("Password", { exact: true }).fill("not-the-password-at-all");

  // The page records what it looks like as each submit reaches the form (after the page script's
  // own handler), in session storage, which outlives the page; then the button is pressed three
  // times in one go: a click, a double click's second click, and Enter in a field.
  await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>("button[value=password]");
    const form = button?.form;
    if (!button || !form) throw new Error("no sign-in form");
    const seen: unknown[] = [];
    form.addEventListener("submit", () => {
      queueMicrotask(() => {
        const google = document.querySelector<HTMLButtonElement>("button[value=google]");
        seen.push({
          label: button.textContent,
          unavailable: button.getAttribute("aria-disabled"),
          busy: form.getAttribute("aria-busy"),
          googleUnavailable: google?.getAttribute("aria-disabled") ?? null,
        });
        sessionStorage.setItem("seen", JSON.stringify(seen));
      });
    });
    button.click();
    button.click();
    form.requestSubmit();
  });
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  // One submit reached the form, the page script had marked it, and the other form stayed as it was.
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("seen"))) ?? "[]")).toEqual([
    { label: "Signing In...", unavailable: "true", busy: "true", googleUnavailable: null },
  ]);
  expect(posts).toEqual(["/login"]);
  // The answer is a new page, with the button as it was.
  await expect(page.getByRole("button", { name: "Log In", exact: true })).toBeEnabled();
});

test("the intent of the pressed button reaches the server", async ({ page }, testInfo) => {
  // The resend button posts its intent: were the buttons disabled on the press, the browser would
  // leave it out of the form and the server would read a sign-in without a password.
  const email = uniqueEmail("unverified", testInfo);
  await register(page, { firstName: "Ada", lastName: "Tester", email, password: strongPassword });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(strongPassword);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  const resend = page.getByRole("button", { name: "Resend the verification email" });
  await expect(resend).toBeVisible();
  await resend.click();
  await expect(
    page.getByText("Verification email sent successfully. Please check your inbox."),
  ).toBeVisible();
});

test("a post stopped with the browser's Stop button leaves the form ready to send again", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(uniqueEmail("stopped", testInfo));
  await page.getByLabel("Password", { exact: true }).fill("not-the-password-at-all");
  // The first post never gets an answer; the browser's Stop (the CDP command its button runs) ends it.
  let posts = 0;
  await page.route("**/login", (route) =>
    route.request().method() === "POST" && ++posts === 1 ? undefined : route.fallback(),
  );
  const button = page.getByRole("button", { name: "Log In", exact: true });
  await button.click({ noWaitAfter: true });
  await expect.poll(() => posts).toBe(1);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.stopLoading");
  await expect(button).not.toHaveAttribute("aria-disabled");
  await expect(page.locator("form[aria-busy]")).toHaveCount(0);
  // Pressed again, the form goes: the server answers it.
  await button.click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  expect(posts).toBe(2);
});
