import { describe, expect, it } from "vitest";
import { withFrameOrigins } from "./csp-frame-origins";

const policy =
  "default-src 'self';frame-src 'self' https://docs.google.com;object-src 'none';frame-ancestors 'self'";

describe("a preview's frame origins", () => {
  it("join frame-src once each, and nothing else changes", () => {
    expect(withFrameOrigins(policy, "https://www.youtube.com https://docs.google.com")).toBe(
      "default-src 'self';frame-src 'self' https://docs.google.com https://www.youtube.com;object-src 'none';frame-ancestors 'self'",
    );
  });

  it("take only bare https origins: no other directive, no keyword, no wildcard", () => {
    for (const crafted of [
      "http://example.org",
      "*",
      "'unsafe-inline'",
      "https://a.example; script-src *",
      "https://a.example/path",
      "data:",
    ]) {
      expect(withFrameOrigins(policy, crafted), crafted).toBe(policy);
    }
  });

  it("leave a policy without frame-src as it is", () => {
    expect(withFrameOrigins("default-src 'none'", "https://a.example")).toBe("default-src 'none'");
  });
});
