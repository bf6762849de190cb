import { describe, expect, it } from "vitest";
import { advanceProgress, progressWords, type UploadProgressState } from "./upload-progress-state";

describe("advanceProgress", () => {
  it("moves the bar with every event and speaks only every 10 %, and at 100", () => {
    let progress: UploadProgressState = null;
    const spoken: number[] = [];
    for (const loaded of [0, 30, 95, 101, 150, 199, 260, 999, 1000]) {
      progress = advanceProgress(progress, { loaded, total: 1000 });
      spoken.push(progress?.announced ?? -1);
    }
    expect(progress).toEqual({ percent: 100, announced: 100 });
    expect(spoken).toEqual([0, 0, 0, 10, 10, 10, 26, 99, 100]);
  });

  it("never shows more than 100 %", () => {
    expect(advanceProgress(null, { loaded: 1200, total: 1000 })?.percent).toBe(100);
  });
});

describe("progressWords", () => {
  it("shows the percent, says the spoken percent, then says the server checks the file", () => {
    expect(progressWords({ percent: 47, announced: 40 }, "checking the PDF")).toEqual({
      shown: "47%",
      spoken: "Uploading: 40%",
    });
    expect(progressWords({ percent: 100, announced: 100 }, "checking the PDF")).toEqual({
      shown: "100%: checking the PDF...",
      spoken: "Uploaded; checking the PDF.",
    });
    expect(progressWords(null, "checking the PDF")).toEqual({ shown: "", spoken: "" });
  });
});
