/** Prints a measurement a robustness test took, so the numbers appear in the run's output. */
export function reportMeasurement(...parts: unknown[]): void {
  process.stdout.write(
    `${parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" ")}\n`,
  );
}
