// The uploads sent without JavaScript (the home form's carousel, an edition page's files, a board
// member's portrait) answer an editor signed out meanwhile with a page saying so. React Router draws
// that page by running the route's loader in the same request after the action: the loader must let
// it be drawn, not send the visitor to the login page, while a visit of its own still is.

import { describe, expect, it } from "vitest";
import { pictureUploadSignedOut } from "~/features/site-content/page-forms-pictures";
import { contextWithSession, guardAnswer } from "../../tests/support/session-context";
import * as editionFiles from "./admin-content-edition-files";
import * as homePictures from "./admin-content-pictures";
import * as seasonPortrait from "./admin-content-season-portrait";

/** The two routes' handlers, called as React Router calls them. */
type UploadRoute = {
  action: (args: unknown) => Promise<unknown>;
  loader: (args: unknown) => unknown;
};

const routes: { name: string; module: UploadRoute; path: string }[] = [
  {
    name: "the home form's pictures",
    module: homePictures as unknown as UploadRoute,
    path: "/user-data/content/home/pictures",
  },
  {
    name: "an edition page's files",
    module: editionFiles as unknown as UploadRoute,
    path: "/user-data/content/editions/2025/pages/0/files?list=x",
  },
  {
    name: "a board member's portrait",
    module: seasonPortrait as unknown as UploadRoute,
    path: "/user-data/content/board/2025-2026/portrait?member=0&id=daniela-reyes",
  },
];

describe("a picture upload without JavaScript from a signed-out editor", () => {
  for (const { name, module, path } of routes) {
    it(`${name}: says so on its own page, in the request that posted it`, async () => {
      const url = new URL(`http://localhost${path}`);
      const context = contextWithSession({ status: "signed-out" });
      const args = {
        request: new Request(url, { method: "POST", body: new FormData() }),
        url,
        params: { season: "2025-2026", year: "2025", page: "0" },
        context,
      };
      expect(await module.action(args)).toMatchObject({ error: pictureUploadSignedOut });
      expect(await guardAnswer(() => module.loader(args))).toBe("passed");
      expect(await module.loader(args)).toBeNull();

      // The same address visited on its own: to the login page and back.
      const visit = { ...args, context: contextWithSession({ status: "signed-out" }) };
      const answer = await guardAnswer(() => module.loader(visit));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get("Location")).toMatch(/^\/login\?/);
    });
  }
});
