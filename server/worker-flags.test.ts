import { describe, expect, it } from "vitest";
import { workerExecArgv, workerHeapLimitMb } from "./worker-flags";

describe("workerExecArgv", () => {
  it("adds the heap limit to the supervisor's own flags", () => {
    expect(workerExecArgv(["--enable-source-maps"], undefined)).toEqual([
      "--enable-source-maps",
      `--max-old-space-size=${workerHeapLimitMb}`,
    ]);
  });

  it("keeps a limit the operator set, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-old-space-size=1024"], undefined)).toEqual([
      "--max-old-space-size=1024",
    ]);
    expect(workerExecArgv([], "--enable-source-maps --max_old_space_size=512")).toEqual([]);
  });
});
