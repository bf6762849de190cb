import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { boundedMemo } from "~/lib/bounded-memo";

type RequestHandler = ReturnType<typeof createRequestHandler>;
type ServerRoutes = ServerBuild["routes"];

/**
 * React Router matches every request against every route of the build, twice (the handler, then the
 * static handler), testing each route branch in turn; with the site's 74 routes that was about a twentieth
 * of a signed-in page's CPU time, and it grows with every page added. Two levels narrow that down:
 *
 * - A path can only match the routes whose first segment is its own first segment, or whose first segment
 *   can be anything (a parameter, an optional segment, a splat) or is absent (the root, the home page's
 *   index, pathless layouts). So the build is split by first segment into smaller builds, each with
 *   those routes and their parents.
 * - The admin area alone has 45 routes under one first segment, and matching among them twice was still a
 *   twentieth of an admin page. So a path is matched once, among its segment's routes, and remembered
 *   with the build of the very routes it matched (a leaf and its parents): React Router then matches it
 *   among those two to four. A path matches a branch among those routes exactly when it does among all
 *   of them, as the best-ranked matching branch of a set stays the best in any subset that keeps it.
 *   Paths are remembered up to a bound (visitors choose them), and only paths of up to 256 characters;
 *   the builds, one per route at most, are made as paths first reach them.
 *
 * Everything else of the build is shared: the browser's manifest (`assets`), the entry, the route
 * modules. A path whose first segment names no route gets the routes every path can match, which is what
 * it would have matched among all of them (a 404 page, or a splat's); a path no route matches is handed to
 * its segment's build, which answers it as before.
 */
export function createRouteSubsetHandler(build: ServerBuild, mode?: string): RequestHandler {
  const subsets = splitRoutesByFirstSegment(build.routes);
  const handlerOf = (routes: ServerRoutes) => createRequestHandler({ ...build, routes }, mode);
  // Made once: a first segment that names no route shares the base handler (no entry per address).
  const bySegment = new Map(
    [...subsets.byFirstSegment].map(([segment, routes]) => [
      segment,
      { tree: routeTree(routes), handler: handlerOf(routes) },
    ]),
  );
  const base = { tree: routeTree(subsets.base), handler: handlerOf(subsets.base) };
  const everyRoute = handlerOf(build.routes);
  const byLeaf = new Map<string, RequestHandler>();
  const branchHandlerOf = (leafId: string): RequestHandler => {
    let handler = byLeaf.get(leafId);
    if (!handler) {
      handler = handlerOf(withParents(build.routes, [leafId]));
      byLeaf.set(leafId, handler);
    }
    return handler;
  };
  const handlerForPath = boundedMemo(
    (pathname: string): RequestHandler => {
      const subset = bySegment.get(firstSegmentOf(pathname)) ?? base;
      const leaf = matchRoutes(subset.tree, pathname)?.at(-1)?.route.id;
      return leaf ? branchHandlerOf(leaf) : subset.handler;
    },
    // The site's paths are far shorter; a longer one (a crafted address) is matched, not remembered.
    { limit: 2_000, maxKeyLength: 256 },
  );
  const hasBasename = Boolean(build.basename && build.basename !== "/");
  return (request, loadContext) => {
    const pathname = hasBasename ? null : routedPathname(request.url);
    const handler = pathname === null ? everyRoute : handlerForPath(pathname);
    return handler(request, loadContext);
  };
}

/** The nested routes React Router's `matchRoutes` takes, in the build's order (its tie-breaker). */
function routeTree(routes: ServerRoutes, parentId?: string): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.parentId !== parentId) continue;
    children.push(
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: routeTree(routes, route.id),
          },
    );
  }
  return children;
}

/** The routes of `ids` and all their parents. */
function withParents(routes: ServerRoutes, ids: Iterable<string>): ServerRoutes {
  const subset: ServerRoutes = {};
  for (const id of ids)
    for (let route = routes[id]; route && !subset[route.id]; ) {
      subset[route.id] = route;
      route = route.parentId ? routes[route.parentId] : undefined;
    }
  return subset;
}

/** The routes each first segment can match, lower-cased (React Router matches case-insensitively). */
export function splitRoutesByFirstSegment(routes: ServerRoutes): {
  byFirstSegment: Map<string, ServerRoutes>;
  /** The routes any path can match, with their parents: every subset has them. */
  base: ServerRoutes;
} {
  const firstSegmentOf = (id: string): string | null => {
    const segments: string[] = [];
    for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined)
      segments.unshift(...(route.path ?? "").split("/").filter(Boolean));
    return segments[0] ?? null;
  };
  const everyPath: string[] = [];
  const bySegment = new Map<string, string[]>();
  for (const id of Object.keys(routes)) {
    const segment = firstSegmentOf(id);
    if (segment === null || isAnySegment(segment)) everyPath.push(id);
    else {
      const key = segment.toLowerCase();
      const ids = bySegment.get(key);
      if (ids) ids.push(id);
      else bySegment.set(key, [id]);
    }
  }
  return {
    base: withParents(routes, everyPath),
    byFirstSegment: new Map(
      [...bySegment].map(([key, ids]) => [key, withParents(routes, [...everyPath, ...ids])]),
    ),
  };
}

/** A parameter (`:id`), an optional segment (`:lang?`, `about?`) or a splat (`*`) matches any segment. */
function isAnySegment(segment: string): boolean {
  return segment.startsWith(":") || segment.endsWith("?") || segment.includes("*");
}

/**
 * The path React Router matches for a request's URL: a data request's `.data` ending removed (a
 * `/_.data` ending leaves the slash). `null` when the first segment is spelled any other way than plain
 * ASCII (percent-encoded characters, which it may or may not decode; an empty first segment): such a
 * request is matched against every route, as before.
 */
export function routedPathname(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const segment = pathname.split("/")[1] ?? "";
  if (pathname.length > 1 && !/^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/.test(segment)) return null;
  return pathname;
}

/** A routed path's first segment as React Router compares it: lower-cased (plain ASCII, see above). */
export function firstSegmentOf(pathname: string): string {
  return (pathname.split("/")[1] ?? "").toLowerCase();
}
