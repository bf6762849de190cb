// What the operations commands (backup, restore, move-data) share: the configuration the server reads
// (including a .env file), sizes and times in words, and how a failure is reported.
import fs from "node:fs";

export function loadConfiguration() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
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
