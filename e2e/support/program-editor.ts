import { expect, type Locator, type Page } from "@playwright/test";
import { successMessage } from "./admin";

// The program editor (/user-data/program) as the program specs drive it: its session cards and slots,
// the session form, placing presentations, the publishing warnings and the publish button.

export function sessionCard(page: Page, title: string): Locator {
  return page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`${title}$`) }) });
}

export function slotRow(card: Locator, title: string): Locator {
  return card.getByRole("listitem").filter({ hasText: title });
}

/**
 * Waits for this command's own message. A bare "successfully" would match the previous command's
 * message, still on screen, and the test would run ahead of the save it waits for.
 */
export async function expectSaved(page: Page, message: string | RegExp) {
  await expect(successMessage(page, message)).toBeVisible();
}

export type SessionForm = {
  title: string;
  kind: "Talks" | "Posters" | "Keynote" | "Break" | "Lunch" | "Other";
  room?: string;
  startsAt: string;
  endsAt: string;
  chair?: string;
  description?: string;
};

export async function fillSession(scope: Locator, session: Partial<SessionForm>) {
  if (session.title !== undefined) await scope.getByLabel("Title").fill(session.title);
  if (session.kind) await scope.getByLabel("Type").selectOption({ label: session.kind });
  if (session.room !== undefined) await scope.getByLabel("Room or place").fill(session.room);
  if (session.startsAt) await scope.getByLabel("Starts (Pacific Time)").fill(session.startsAt);
  if (session.endsAt) await scope.getByLabel("Ends (Pacific Time)").fill(session.endsAt);
  if (session.chair !== undefined) await scope.getByLabel("Chair (optional)").fill(session.chair);
  if (session.description !== undefined)
    await scope.getByLabel("Description (optional)").fill(session.description);
}

export async function addSession(page: Page, session: SessionForm) {
  const form = page.getByRole("region", { name: "Add a session" });
  await fillSession(form, session);
  await form.getByRole("button", { name: "Add the session" }).click();
  await expect(
    successMessage(page, `The session “${session.title}” was added successfully.`),
  ).toBeVisible();
}

export async function editSession(page: Page, title: string, changes: Partial<SessionForm>) {
  const card = sessionCard(page, title);
  const details = card.locator("details");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await card.getByText(`Edit or delete ${title}`).click();
  await fillSession(card, changes);
  await card.getByRole("button", { name: "Save the session" }).click();
  await expectSaved(page, `The session “${changes.title ?? title}” was saved successfully.`);
}

export async function place(page: Page, sessionTitle: string, presentationTitle: string) {
  const card = sessionCard(page, sessionTitle);
  const select = card.getByRole("combobox", { name: /^Add a confirmed/ });
  const option = select.locator("option", { hasText: presentationTitle });
  await select.selectOption((await option.getAttribute("value")) ?? "");
  await card.getByRole("button", { name: `Place it in ${sessionTitle}` }).click();
  await expect(
    successMessage(page, `was placed in “${sessionTitle}” successfully.`).filter({
      hasText: presentationTitle,
    }),
  ).toBeVisible();
}

export async function expectWarning(page: Page, text: string | RegExp, present: boolean) {
  const warning = page.getByRole("region", { name: "Publishing" }).getByRole("listitem").filter({
    hasText: text,
  });
  if (present) await expect(warning.first()).toBeVisible();
  else await expect(warning).toHaveCount(0);
}

export async function publish(page: Page): Promise<number> {
  const button = page.getByRole("button", { name: /^Publish version \d+/ });
  const version = Number(/version (\d+)/.exec((await button.innerText()) ?? "")?.[1]);
  await button.click();
  await expect(
    successMessage(page, `Version ${version} of the program was published successfully.`),
  ).toBeVisible();
  return version;
}
