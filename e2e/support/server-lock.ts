import fs from "node:fs";
import path from "node:path";
import type { TestInfo } from "@playwright/test";

/** A file of this project's server under .e2e-data (one server per port). */
export function serverFile(testInfo: TestInfo, name: string): string {
  const port = new URL(testInfo.project.use.baseURL ?? "http://localhost").port;
  return path.resolve(".e2e-data", "locks", `${name}-${port}`);
}

/**
 * Runs `action` while no other worker runs one under the same name against the same server. Locks are
 * directories (mkdir is atomic); one left behind by a killed run is taken over after a minute.
 */
export async function withServerLock<T>(
  testInfo: TestInfo,
  name: string,
  action: () => Promise<T>,
): Promise<T> {
  const lock = serverFile(testInfo, `${name}.lock`);
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 25_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age =
        Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${name} lock`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await action();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
