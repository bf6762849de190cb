import { describe, expect, it } from "vitest";
import { shippedHome } from "./home";
import { resolvePictures } from "./picture";
import { pictureList, pictureMessages, pictureSchema } from "./picture.schema";
import { homeSchema } from "./site-content.schema";

const sources = new Map([
  ["m-1", { src: "/media/a.webp", srcSet: "/media/a.webp 480w", width: 1600, height: 1000 }],
  ["m-2", { src: "/media/b.webp", srcSet: "/media/b.webp 480w", width: 800, height: 800 }],
  // A program PDF has no size: it is not a picture a page can draw.
  ["m-pdf", { src: "/media/c.pdf", srcSet: "", width: null, height: null }],
]);

describe("picture references", () => {
  it("require an alt text, with a sentence that says what to write", () => {
    const refused = pictureSchema.safeParse({ media: "m-1", alt: "   " });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["alt"], message: pictureMessages.alt }),
    ]);
    expect(pictureSchema.parse({ media: "m-1", alt: " Members at a table " })).toEqual({
      media: "m-1",
      alt: "Members at a table",
    });
  });

  it("refuse a row without a media id, unknown fields, and more pictures than the list holds", () => {
    expect(pictureSchema.safeParse({ media: "", alt: "A talk" }).error?.issues[0]?.message).toBe(
      pictureMessages.media,
    );
    expect(pictureSchema.safeParse({ media: "m-1", alt: "A", src: "/x" }).success).toBe(false);
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ media: `m-${i}`, alt: "A talk" }));
    expect(pictureList(12).safeParse(thirteen).error?.issues[0]?.message).toBe(
      "Keep to 12 pictures at most: remove some before adding more.",
    );
  });

  it("are optional on the home page: the shipped document has none", () => {
    expect(homeSchema.safeParse(shippedHome).success).toBe(true);
    const withPictures = {
      ...shippedHome,
      carousel: [{ media: "m-1", alt: "A talk", caption: "Fall" }],
    };
    expect(homeSchema.parse(withPictures).carousel).toEqual(withPictures.carousel);
    const missingAlt = homeSchema.safeParse({
      ...shippedHome,
      carousel: [{ media: "m-1", alt: "" }],
    });
    expect(missingAlt.error?.issues[0]?.path).toEqual(["carousel", 0, "alt"]);
  });

  it("resolve in order, leaving out a media that is gone or is not a picture", () => {
    const resolved = resolvePictures(
      [
        { media: "m-2", alt: "Second", caption: "Spring social" },
        { media: "deleted", alt: "Gone" },
        { media: "m-pdf", alt: "The program" },
        { media: "m-1", alt: "First" },
      ],
      sources,
    );
    expect(resolved).toEqual([
      {
        src: "/media/b.webp",
        srcSet: "/media/b.webp 480w",
        width: 800,
        height: 800,
        alt: "Second",
        caption: "Spring social",
      },
      {
        src: "/media/a.webp",
        srcSet: "/media/a.webp 480w",
        width: 1600,
        height: 1000,
        alt: "First",
      },
    ]);
    expect(resolvePictures(undefined, sources)).toEqual([]);
  });
});
