import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { withMatchedRoutesOnly } from "./entry.server";

const route = (id: string, parentId?: string) => ({
  id,
  parentId,
  path: id,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});

describe("withMatchedRoutesOnly", () => {
  it("keeps the matched routes of the manifest, in full, and nothing else of the context changes", () => {
    const routes = Object.fromEntries(
      ["root", "routes/profile", "routes/review", "routes/user-data"].map((id) => [
        id,
        route(id, id === "root" ? undefined : "root"),
      ]),
    );
    const context = {
      manifest: {
        url: "/assets/manifest.js",
        version: "1",
        routes,
        entry: { module: "", imports: [] },
      },
      staticHandlerContext: {
        matches: [{ route: { id: "root" } }, { route: { id: "routes/profile" } }],
      },
      isSpaMode: false,
    } as unknown as EntryContext;

    const pruned = withMatchedRoutesOnly(context);

    expect(Object.keys(pruned.manifest.routes)).toEqual(["root", "routes/profile"]);
    expect(pruned.manifest.routes["routes/profile"]).toBe(routes["routes/profile"]);
    expect(pruned.manifest.url).toBe("/assets/manifest.js");
    expect(pruned.staticHandlerContext).toBe(context.staticHandlerContext);
    // The request handler's own context is left whole.
    expect(Object.keys(context.manifest.routes)).toHaveLength(4);
  });
});
