import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../app/routes";
import {
  createRouteSubsetHandler,
  firstSegmentOf,
  routedPathname,
  splitRoutesByFirstSegment,
} from "./route-subsets";

type ServerRoutes = ServerBuild["routes"];

/** The build's route manifest as React Router's Vite plugin makes it from app/routes.ts. */
function manifestOf(config: readonly RouteConfigEntry[]): ServerRoutes {
  const routes: ServerRoutes = {
    root: { id: "root", path: "", module: {} as never },
  };
  const add = (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
      routes[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: {} as never,
      };
      add(entry.children ?? [], id);
    }
  };
  add(config, "root");
  return routes;
}

function routeTree(routes: ServerRoutes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) =>
      route?.index
        ? { id: route.id, index: true, path: route.path }
        : {
            id: route?.id,
            path: route?.path,
            caseSensitive: route?.caseSensitive,
            children: routeTree(routes, route?.id),
          },
    );
}

const matchedIds = (routes: ServerRoutes, pathname: string) =>
  matchRoutes(routeTree(routes), pathname)?.map((match) => match.route.id) ?? null;

/** The path React Router matches for a request's URL (a data request's `.data` ending removed). */
function normalizedPath(url: string): string {
  const { pathname } = new URL(url);
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "");
}

/** The routes of `ids` and their parents, as the handler builds a matched branch's own build. */
function branchOf(routes: ServerRoutes, ids: string[]): ServerRoutes {
  const subset: ServerRoutes = {};
  for (const id of ids)
    for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined)
      subset[route.id] = route;
  return subset;
}

/** Paths every route answers, with parameters filled in, and the ways people and browsers spell them. */
function samplePaths(routes: ServerRoutes): string[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const pattern = fullPath(id);
    const withOptional = pattern.replace(/\/?:\w+\?/g, "/x");
    const withoutOptional = pattern.replace(/\/?:\w+\?/g, "");
    for (const variant of [withOptional, withoutOptional]) {
      const filled = `/${variant.replace(/:(\w+)/g, "v-$1").replace(/\*/g, "a/b")}`;
      paths.add(filled);
      paths.add(filled.toUpperCase());
      paths.add(`${filled}/`);
      paths.add(`${filled}.data`);
      paths.add(`${filled === "/" ? "" : filled}/_.data`);
    }
  }
  for (const odd of [
    "/",
    "/_root.data",
    "//profile",
    "/pro%66ile",
    "/%70rofile/x",
    "/%E0%A4%A",
    "/sculc-2025",
    "/sculc-2025/program",
    "/SCULC-2025.ics",
    "/user-data/../profile",
    "/nothing-here/at/all",
    "/review/abstracts/12.pdf",
    "/files/abstracts/1/extra",
    "/robots.txt",
    "/api/auth/session",
  ])
    paths.add(odd);
  return [...paths];
}

describe("splitting the routes by a path's first segment", () => {
  const routes = manifestOf(routeConfig);
  const subsets = splitRoutesByFirstSegment(routes);

  it("matches every page's path to the same routes among its subset as among all routes", () => {
    const paths = samplePaths(routes);
    expect(paths.length).toBeGreaterThan(300);
    let checkedInSubsets = 0;
    for (const path of paths) {
      const url = `http://localhost${path}`;
      const pathname = routedPathname(url);
      if (pathname === null) continue;
      checkedInSubsets++;
      expect(pathname).toBe(normalizedPath(url));
      const subset = subsets.byFirstSegment.get(firstSegmentOf(pathname)) ?? subsets.base;
      expect({ path, ids: matchedIds(subset, pathname) }).toEqual({
        path,
        ids: matchedIds(routes, pathname),
      });
    }
    expect(checkedInSubsets).toBeGreaterThan(300);
  });

  it("matches every path to the same routes among the routes it matched (and their parents) alone", () => {
    let checkedBranches = 0;
    for (const path of samplePaths(routes)) {
      const pathname = normalizedPath(`http://localhost${path}`);
      const ids = matchedIds(routes, pathname);
      if (!ids) continue;
      const leaf = ids.at(-1) as string;
      checkedBranches++;
      // The leaf's own build: the handler remembers it for every path that matched this leaf.
      expect({ path, ids: matchedIds(branchOf(routes, [leaf]), pathname) }).toEqual({ path, ids });
    }
    expect(checkedBranches).toBeGreaterThan(300);
  });

  it("gives a page far fewer routes to test than the whole site has", () => {
    const all = Object.keys(routes).length;
    expect(all).toBeGreaterThan(60);
    const profile = subsets.byFirstSegment.get("profile");
    expect(Object.keys(profile ?? {})).toEqual(
      expect.arrayContaining(["root", "routes/profile", "home", "sculc-page", "routes/not-found"]),
    );
    expect(Object.keys(profile ?? {}).length).toBeLessThan(12);
    // The admin area's pages and their layout stay together, with the routes any path can match.
    const admin = Object.keys(subsets.byFirstSegment.get("user-data") ?? {});
    expect(admin).toEqual(expect.arrayContaining(["routes/admin-layout", "routes/user-data"]));
    expect(admin).not.toContain("routes/profile");
  });

  it("keeps the routes any first segment can match, with their parents, in every subset", () => {
    const anyPath = ["root", "home", "sculc-page", "program-ics", "routes/not-found"];
    expect(Object.keys(subsets.base)).toEqual(expect.arrayContaining(anyPath));
    for (const subset of subsets.byFirstSegment.values())
      expect(Object.keys(subset)).toEqual(expect.arrayContaining(anyPath));
    for (const subset of [subsets.base, ...subsets.byFirstSegment.values()])
      for (const route of Object.values(subset))
        if (route?.parentId) expect(subset[route.parentId]).toBeDefined();
  });
});

describe("a request's routed path", () => {
  it.each([
    ["http://localhost/", "/", ""],
    ["http://localhost/Profile?x=1", "/Profile", "profile"],
    ["http://localhost/profile.data?_routes=root", "/profile", "profile"],
    ["http://localhost/_.data", "/", ""],
    ["http://localhost/review/_.data", "/review/", "review"],
    ["http://localhost/sculc/view-submission", "/sculc/view-submission", "sculc"],
    ["http://localhost/robots.txt", "/robots.txt", "robots.txt"],
  ])("of %s is %j, first segment %j", (url, pathname, segment) => {
    expect(routedPathname(url)).toBe(pathname);
    expect(firstSegmentOf(pathname)).toBe(segment);
  });

  it.each([
    "http://localhost/pro%66ile",
    "http://localhost//profile",
    "http://localhost/%E0%A4%A",
    "http://localhost/caf%C3%A9",
    "not a url",
  ])("is left to React Router, among every route, for %s", (url) => {
    expect(routedPathname(url)).toBeNull();
  });
});

describe("the route subset handler", () => {
  // Every route a resource route answering its own id: a request shows which route React Router chose.
  const manifest = manifestOf(routeConfig);
  const build = {
    entry: { module: { default: () => new Response("document") } },
    routes: Object.fromEntries(
      Object.entries(manifest).map(([id, route]) => [
        id,
        { ...route, module: { loader: () => new Response(id) } },
      ]),
    ),
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    future: { v8_middleware: false, v8_trailingSlashAwareDataRequests: true },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "",
    isSpaMode: false,
    ssr: true,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const answer = async (handler: ReturnType<typeof createRouteSubsetHandler>, path: string) => {
    const response = await handler(new Request(`http://localhost${path}`));
    return response.status === 200 ? await response.text() : response.status;
  };

  it("serves each page's path with the route React Router picks among all routes, again from memory", async () => {
    const handler = createRouteSubsetHandler(build, "production");
    const paths = samplePaths(manifest).filter(
      (path) => !path.endsWith(".data") && routedPathname(`http://localhost${path}`) !== null,
    );
    expect(paths.length).toBeGreaterThan(150);
    for (const round of ["first", "remembered"])
      for (const path of paths) {
        const leaf = matchedIds(manifest, normalizedPath(`http://localhost${path}`))?.at(-1);
        expect({ round, path, answer: await answer(handler, path) }).toEqual({
          round,
          path,
          answer: leaf ?? 404,
        });
      }
  });

  it("keeps answering rightly past the number of paths it remembers", async () => {
    const handler = createRouteSubsetHandler(build, "production");
    for (let n = 0; n < 2_500; n++)
      expect(await answer(handler, `/review/abstracts/${n}`)).toBe("routes/review-abstract");
    expect(await answer(handler, "/user-data")).toBe("routes/user-data");
    expect(await answer(handler, "/review/abstracts/7.pdf")).toBe("routes/review-abstract-file");
    expect(await answer(handler, "/no/such/page")).toBe("routes/not-found");
  });

  it("serves crafted long paths rightly, 100 at once, without remembering them", async () => {
    const handler = createRouteSubsetHandler(build, "production");
    const long = (n: number) => `/review/abstracts/${n}${"9".repeat(8_000)}`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) => answer(handler, long(n))),
    );
    expect(new Set(answers)).toEqual(new Set(["routes/review-abstract"]));
    expect(await answer(handler, `/user-data/${"x/".repeat(4_000)}`)).toBe("routes/not-found");
    expect(await answer(handler, "/user-data")).toBe("routes/user-data");
  });
});
