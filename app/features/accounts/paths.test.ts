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

  it.each([
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/a/..//evil.example"],
    ["/a/b/../..//evil.example"],
    ["/./\\evil.example"],
    ["/%5cevil.example"],
    ["/\t/evil.example"],
    ["/%09/evil.example"],
    ["/%0a/evil.example"],
    ["/%2f/evil.example"],
  ])("refuses %j, which normalises to another host", (value) => {
    expect(safeReturnPath(value)).toBe("/sculc");
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

describe("safeReturnPath fuzz", () => {
  // The pieces that, combined, have produced open redirects in other sites' return-path checks.
  const pieces = [
    "/",
    "//",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2e%2e",
    "\\",
    "%5c",
    "%5C",
    "\t",
    "%09",
    "\n",
    "%0a",
    "\r",
    "%0d",
    "%2f",
    "a",
    "evil.example",
    "@",
    ":",
    "?",
    "#",
    " ",
    "\u0000",
    "https:",
    "%",
  ];

  function assertStaysOnSite(input: string) {
    const result = safeReturnPath(input);
    const isSafeShape = result === "/" || /^\/[^/\\]/.test(result);
    if (!isSafeShape) throw new Error(`${JSON.stringify(input)} gave ${JSON.stringify(result)}`);
    const resolved = new URL(result, "https://site.example");
    if (resolved.origin !== "https://site.example")
      throw new Error(`${JSON.stringify(input)} left the site: ${resolved.href}`);
    // Whatever comes back is stable: checking it again keeps it as it is.
    if (safeReturnPath(result) !== result)
      throw new Error(`${JSON.stringify(result)} changes when checked again`);
  }

  it("never gives a path that leaves the site, for every combination of up to three pieces", () => {
    let count = 0;
    const build = (prefix: string, depth: number) => {
      if (depth === 0) return;
      for (const piece of pieces) {
        const candidate = prefix + piece;
        assertStaysOnSite(candidate);
        assertStaysOnSite(`/${candidate}`);
        count += 2;
        build(candidate, depth - 1);
      }
    };
    build("", 3);
    expect(count).toBeGreaterThan(40_000);
  });

  it("never gives a path that leaves the site, for random strings", () => {
    // A fixed seed, so a failure can be replayed.
    let seed = 20261123;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = "/\\.%2eEfF5cC09aAdD:@?#&= \t\n\r\u0000\u00a0\u3002evil";
    for (let i = 0; i < 100_000; i++) {
      const length = 1 + Math.floor(random() * 16);
      let candidate = random() < 0.8 ? "/" : "";
      for (let j = 0; j < length; j++)
        candidate += alphabet[Math.floor(random() * alphabet.length)];
      assertStaysOnSite(candidate);
    }
  });
});
