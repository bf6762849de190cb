import { describe, expect, it } from "vitest";
import { isActivePath } from "./site-nav-link";

describe("isActivePath (NavLink's rule for the menus)", () => {
  it("marks the very page, and pages below it unless `end`", () => {
    expect(isActivePath("/board", "/board", false)).toBe(true);
    expect(isActivePath("/board/", "/board", false)).toBe(true);
    expect(isActivePath("/user-data/review", "/user-data", false)).toBe(true);
    expect(isActivePath("/user-data/review", "/user-data", true)).toBe(false);
    expect(isActivePath("/Board", "/board", true)).toBe(true);
  });

  it("does not mark a page whose path only starts with the same letters", () => {
    expect(isActivePath("/boards", "/board", false)).toBe(false);
    expect(isActivePath("/sculc-2023-program", "/sculc-2023", false)).toBe(false);
  });

  it("marks the home link on the home page only", () => {
    expect(isActivePath("/", "/", false)).toBe(true);
    expect(isActivePath("/profile", "/", false)).toBe(false);
    expect(isActivePath("/profile", "/", true)).toBe(false);
  });
});
