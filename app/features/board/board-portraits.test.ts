import { describe, expect, it } from "vitest";
import { boardMemberSchema } from "~/content/board/board.schema";
import type { BoardSeason } from "~/content/board/types";
import type { PictureSources } from "~/content/picture";
import { boardPortraitMediaIds, boardSeasonViews, memberPhoto } from "./board-seasons";

// arjun-mehta has a shipped portrait in 2025-2026; new-member has none.
const season: BoardSeason = {
  id: "2025-2026",
  members: [
    {
      id: "arjun-mehta",
      name: "Arjun Mehta",
      position: "President",
      portrait: { media: "uploaded-1", alt: "Arjun smiling in the library" },
    },
    {
      id: "new-member",
      name: "New Member",
      position: "Treasurer",
      portrait: { media: "gone-1", alt: "New Member at a desk" },
    },
    { id: "camila-ortiz", name: "Camila Ortiz", position: "Secretary" },
  ],
};
const older: BoardSeason = {
  id: "2024-2025",
  members: [
    {
      id: "someone",
      name: "Someone",
      position: "Chair",
      portrait: { media: "uploaded-2", alt: "Someone" },
    },
  ],
};
const uploaded: PictureSources = {
  src: "/media/uploaded-1-400.webp",
  srcSet: "/media/uploaded-1-200.webp 200w, /media/uploaded-1-400.webp 400w",
  width: 400,
  height: 400,
};

describe("board portraits", () => {
  it("names every season's uploaded portraits, for one query", () => {
    expect(boardPortraitMediaIds([season, older])).toEqual(["uploaded-1", "gone-1", "uploaded-2"]);
  });

  it("draws an uploaded portrait with its own alt text, over the shipped one", () => {
    const [view] = boardSeasonViews([season], new Map([["uploaded-1", uploaded]]));
    const arjun = view?.members[0];
    expect(arjun?.photo).toEqual({ src: uploaded.src, srcSet: uploaded.srcSet });
    expect(arjun?.photoAlt).toBe("Arjun smiling in the library");
    expect(arjun).not.toHaveProperty("portrait");
  });

  it("falls back to the shipped portrait, or none, when the uploaded media is missing", () => {
    const [view] = boardSeasonViews([season], new Map());
    const [arjun, newMember, camila] = view?.members ?? [];
    expect(arjun?.photo).toEqual(memberPhoto(season, { id: "arjun-mehta" }));
    expect(arjun?.photo).toBeDefined();
    expect(arjun?.photoAlt).toBe("Illustrated portrait of Arjun Mehta");
    expect(newMember?.photo).toBeUndefined();
    expect(newMember?.photoAlt).toBeUndefined();
    expect(camila?.photoAlt).toBe("Illustrated portrait of Camila Ortiz");
  });

  it("ignores a media that is not a picture (no size)", () => {
    const document = { src: "/media/x.pdf", srcSet: "", width: null, height: null };
    const [view] = boardSeasonViews([season], new Map([["gone-1", document]]));
    expect(view?.members[1]?.photo).toBeUndefined();
  });
});

describe("board member schema: portrait", () => {
  const member = { id: "a-b", name: "A B", position: "Chair" };
  it("accepts a member without a portrait, or with one described", () => {
    expect(boardMemberSchema.safeParse(member).success).toBe(true);
    const described = { ...member, portrait: { media: "abc-123", alt: "A B in the garden" } };
    expect(boardMemberSchema.parse(described).portrait?.alt).toBe("A B in the garden");
  });
  it("refuses a portrait without alt text, or with a malformed media id", () => {
    const noAlt = boardMemberSchema.safeParse({ ...member, portrait: { media: "abc", alt: " " } });
    expect(noAlt.success).toBe(false);
    expect(noAlt.error?.issues[0]?.path).toEqual(["portrait", "alt"]);
    const badId = boardMemberSchema.safeParse({ ...member, portrait: { media: "../x", alt: "A" } });
    expect(badId.success).toBe(false);
  });
});
