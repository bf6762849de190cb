// What the operations commands (backup, restore, move-data) share: the configuration the server reads
// (including a .env file), sizes and times in words, and how a failure is reported.
import fs from "node:fs";

export { formatBytes } from "~/lib/format-bytes";

export function loadConfiguration() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export const count = (value: number) => value.toLocaleString("en-US");

/** Runs a command's main; a refusal or a start-up error prints its message alone, anything else in full. */
export function runCommand(main: () => Promise<number>) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const isMessage =
        error instanceof Error &&
        ("isStartupError" in error || error.name === "ArchiveRefusedError");
      console.error(isMessage ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
