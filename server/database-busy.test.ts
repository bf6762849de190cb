import { describe, expect, it, vi } from "vitest";
import { DatabaseBusyError, isDatabaseBusyError } from "~/lib/db/database.server";
import { busyLogIntervalMs, watchDatabaseBusy } from "./database-busy";

// onDatabaseBusy's listeners are called by the pool wrapper in app/lib/db/database.server.ts; the
// PostgreSQL path end to end is tests/robustness/database-busy.test.ts.
describe("watchDatabaseBusy", () => {
  it("marks every refused request and logs once per interval with the pool size", async () => {
    let now = 1_000;
    const warn = vi.fn();
    const markRequest = vi.fn();
    const stop = watchDatabaseBusy({ logger: { warn }, markRequest, now: () => now });
    const { emitBusyForTest } = await import("~/lib/db/database.server");
    try {
      for (let index = 0; index < 50; index++) emitBusyForTest(new DatabaseBusyError(4));
      expect(markRequest).toHaveBeenCalledTimes(50);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatchObject({ poolSize: 4, refused: 1 });
      now += busyLogIntervalMs;
      emitBusyForTest(new DatabaseBusyError(4));
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[1]?.[0]).toMatchObject({ poolSize: 4, refused: 50 });
    } finally {
      stop();
    }
    emitBusyForTest(new DatabaseBusyError(4));
    expect(markRequest).toHaveBeenCalledTimes(51);
  });

  it("recognises a busy pool behind the errors that wrap it", () => {
    const busy = new DatabaseBusyError(10);
    expect(isDatabaseBusyError(busy)).toBe(true);
    expect(
      isDatabaseBusyError(new Error("wrapped", { cause: new Error("again", { cause: busy }) })),
    ).toBe(true);
    expect(isDatabaseBusyError(new Error("timeout exceeded when trying to connect"))).toBe(false);
    expect(isDatabaseBusyError(undefined)).toBe(false);
  });
});
