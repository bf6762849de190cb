import { describe, expect, it } from "vitest";
import {
  advanceProgress,
  progressWords,
  redirectedElsewhere,
  type UploadProgressState,
} from "./upload-progress-state";

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

describe("redirectedElsewhere", () => {
  const action = "/sculc/submit-abstract?replace=7";
  it("names the page a redirect went to when it is not the form's own", () => {
    const status = "http://localhost/sculc/view-submission?uploaded=1";
    expect(redirectedElsewhere({ status: 200, responseURL: status }, action)?.href).toBe(status);
    const login = "http://localhost/login?redirectTo=%2Fsculc%2Fsubmit-abstract";
    expect(redirectedElsewhere({ status: 200, responseURL: login }, action)?.pathname).toBe(
      "/login",
    );
  });

  it("is null for the form's own page (a refusal), an error status, or no address", () => {
    const own = "http://localhost/sculc/submit-abstract?replace=7";
    expect(redirectedElsewhere({ status: 200, responseURL: own }, action)).toBeNull();
    const elsewhere = "http://localhost/login";
    expect(redirectedElsewhere({ status: 503, responseURL: elsewhere }, action)).toBeNull();
    expect(redirectedElsewhere({ status: 200, responseURL: "" }, action)).toBeNull();
  });
});
