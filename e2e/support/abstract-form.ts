import type { Page } from "@playwright/test";

/**
 * Fills the submit form's required details (a title and a preferred format; the submitter presents by
 * default). Specs that do not care about titles use the file's name as the title, so what they look
 * for by file name is still there.
 */
export async function fillAbstractDetails(
  page: Page,
  details: { title: string; format?: "Talk" | "Poster" | "Either" },
): Promise<void> {
  await page.getByLabel("Title", { exact: true }).fill(details.title);
  await page.getByRole("radio", { name: new RegExp(`^${details.format ?? "Talk"}`) }).check();
}

/** The title a spec that does not care about titles gives an upload: the file's base name. */
export function titleFor(fileName: string): string {
  return fileName.split(/[/\\]/).pop() ?? fileName;
}

/** The same details as multipart fields, before the file (the server reads them first). */
export function detailFieldsFor(fileName: string): Record<string, string> {
  return { title: titleFor(fileName), format: "talk", presents: "yes" };
}
