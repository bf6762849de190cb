import pino from "pino";

// Imports nothing of the app, so a vi.mock factory of ~/lib/logger.server can import it.
const capturedLines: string[] = [];

/** A real pino logger whose JSON lines are kept, for tests of what the log says. */
export const capturedLog = {
  lines: capturedLines,
  logger: pino(
    { level: "debug", base: undefined },
    { write: (line: string) => void capturedLines.push(line) },
  ),
  /** The parsed lines with this `event` field. */
  events(event: string): Record<string, unknown>[] {
    return capturedLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === event);
  },
};
