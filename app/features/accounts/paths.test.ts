import { describe, expect, it } from "vitest";
import { knownNotice, loginPath, safeReturnPath } from "./paths";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeReturnPath("/sculc/submit-abstract")).toBe("/sculc/submit-abstract");
    expect(safeReturnPath("/profile?tab=1#top")).toBe("/profile?tab=1#top");
  });

  it.each([
    ["https://evil.example/phish"],
    ["//evil.example/phish"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["/%0d%0aSet-Cookie:x"],
    ["/profile\nLocation: https://evil.example"],
    [""],
    [null],
    [42],
  ])("refuses %j and falls back to /sculc", (value) => {
    const result = safeReturnPath(value);
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    if (value !== "/%0d%0aSet-Cookie:x") expect(result).toBe("/sculc");
  });

  it("uses the given fallback", () => {
    expect(safeReturnPath(undefined, "/")).toBe("/");
  });
});

describe("login links", () => {
  it("carry the message and the return path in the query string", () => {
    expect(loginPath({ message: "Please log in to continue.", redirectTo: "/profile" })).toBe(
      "/login?message=Please+log+in+to+continue.&redirectTo=%2Fprofile",
    );
    expect(loginPath()).toBe("/login");
  });

  it("show only the site's own notices, never free text from the address bar", () => {
    expect(knownNotice("You Must Log In to Submit an Abstract")).toBe(
      "You Must Log In to Submit an Abstract",
    );
    expect(knownNotice("Call +1 555 0100 to unlock your account")).toBeNull();
  });
});
