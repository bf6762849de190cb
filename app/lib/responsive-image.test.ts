import { describe, expect, it } from "vitest";
import { responsiveSources } from "./responsive-image";

const urls = {
  "./a/photo-480.webp": "/assets/photo-480-x1.webp",
  "./a/photo-800.webp": "/assets/photo-800-x2.webp",
};

describe("responsiveSources", () => {
  it("lists every width and falls back to the largest", () => {
    expect(responsiveSources(urls, "./a/photo", [480, 800])).toEqual({
      src: "/assets/photo-800-x2.webp",
      srcSet: "/assets/photo-480-x1.webp 480w, /assets/photo-800-x2.webp 800w",
    });
    expect(responsiveSources(urls, "./a/photo", [480, 800], 480)?.src).toBe(
      "/assets/photo-480-x1.webp",
    );
  });

  it("is undefined when a width is missing", () => {
    expect(responsiveSources(urls, "./a/photo", [480, 800, 1200])).toBeUndefined();
    expect(responsiveSources(urls, "./a/other", [480])).toBeUndefined();
  });
});
