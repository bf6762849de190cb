import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isStreamedUpload } from "./http-limits";

const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

describe("the request bodies that stream", () => {
  it("are the uploads' posts, a board member's portrait in every season included", () => {
    for (const url of [
      "/user-data/content/media?purpose=portrait",
      "/user-data/content/home/pictures",
      "/user-data/content/board/2025-2026/portrait?member=2&id=ana-li",
      "/User-Data/Content/Board/2025-2026/Portrait",
      "/user-data/content/board/2025-2026/portrait.data",
    ]) {
      expect(isStreamedUpload(request("POST", url)), url).toBe(true);
    }
  });

  it("are no other post, and no get", () => {
    for (const [method, url] of [
      ["GET", "/user-data/content/board/2025-2026/portrait"],
      ["POST", "/user-data/content/board/2025-2026"],
      ["POST", "/user-data/content/board/2025-2026/portrait/extra"],
      ["POST", "/user-data/content/board/a/b/portrait"],
      ["POST", "/user-data/content/home"],
    ] as const) {
      expect(isStreamedUpload(request(method, url)), `${method} ${url}`).toBe(false);
    }
  });
});
