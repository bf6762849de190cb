import { type ReactNode, Suspense, use } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { documentPageHandle, publicPageHandle } from "~/lib/request-context";
import { isDocumentRender, renderWhole, withMatchedRoutesOnly } from "./entry.server";

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

describe("isDocumentRender", () => {
  const contextOf = (handles: Record<string, unknown>) =>
    ({
      routeModules: Object.fromEntries(
        Object.entries(handles).map(([id, handle]) => [id, { default: () => null, handle }]),
      ),
      staticHandlerContext: { matches: Object.keys(handles).map((id) => ({ route: { id } })) },
    }) as unknown as EntryContext;

  it("is a document when any matched route says so, as the root layout decides", () => {
    expect(
      isDocumentRender(contextOf({ root: undefined, "routes/profile": documentPageHandle })),
    ).toBe(true);
    expect(isDocumentRender(contextOf({ root: undefined, "routes/home": publicPageHandle }))).toBe(
      true,
    );
    // The admin frame has no handle of its own; its user table is a document.
    expect(
      isDocumentRender(
        contextOf({
          root: undefined,
          "routes/admin-layout": undefined,
          "routes/user-data": documentPageHandle,
        }),
      ),
    ).toBe(true);
  });

  it("is not a document when no matched route says so (the editors hydrate)", () => {
    expect(
      isDocumentRender(
        contextOf({ root: undefined, "routes/admin-layout": undefined, "routes/editor": {} }),
      ),
    ).toBe(false);
  });
});

describe("renderWhole", () => {
  const never = new Promise<string>(() => {});
  function Waits(): ReactNode {
    return use(never);
  }
  function Fails(): ReactNode {
    throw new Error("the page's own error");
  }

  it("renders a page that waits for nothing", () => {
    expect(
      renderWhole(
        <main>
          <h1>Profile</h1>
          <Suspense fallback="…">
            <p>ready</p>
          </Suspense>
        </main>,
      ),
    ).toBe("<main><h1>Profile</h1><!--$--><p>ready</p><!--/$--></main>");
  });

  it("gives up, for the stream renderer, on a page with a part that waits", () => {
    expect(
      renderWhole(
        <main>
          <Suspense fallback="…">
            <Waits />
          </Suspense>
        </main>,
      ),
    ).toBeNull();
    expect(
      renderWhole(
        <main>
          <Waits />
        </main>,
      ),
    ).toBeNull();
  });

  it("throws the page's own error", () => {
    expect(() => renderWhole(<Fails />)).toThrow("the page's own error");
  });
});
