import type { Page } from "@playwright/test";

/**
 * Holds the next upload to the editors' JSON endpoint for `purpose` (carousel, portrait, ...) until
 * the returned function is called, so its progress bar can be seen.
 */
export async function holdNextUpload(page: Page, purpose: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    `**/user-data/content/media?purpose=${purpose}`,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}
