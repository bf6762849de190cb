import { describe, expect, it } from "vitest";
import { focusAfterRowChange } from "./submission-details";

describe("focusAfterRowChange", () => {
  it("goes to the new row's name, or to the add button after a removal", () => {
    expect(focusAfterRowChange({ kind: "add" }, 3)).toBe("field-coauthor.2.name");
    expect(focusAfterRowChange({ kind: "remove", index: 1 }, 2)).toBe("add-coauthor");
  });

  it("follows a moved row to its same button, or to the other one at the top or bottom", () => {
    expect(focusAfterRowChange({ kind: "up", index: 2 }, 4)).toBe("coauthor-1-up");
    expect(focusAfterRowChange({ kind: "up", index: 1 }, 4)).toBe("coauthor-0-down");
    expect(focusAfterRowChange({ kind: "down", index: 1 }, 4)).toBe("coauthor-2-down");
    expect(focusAfterRowChange({ kind: "down", index: 2 }, 4)).toBe("coauthor-3-up");
  });
});
