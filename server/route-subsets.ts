import { createRequestHandler, type ServerBuild } from "react-router";

type RequestHandler = ReturnType<typeof createRequestHandler>;
type ServerRoutes = ServerBuild["routes"];

/**
 * React Router matches every request against every route of the build, twice (the handler, then the
 * static handler), testing each route branch in turn; with the site's 74 routes that was about a twentieth
 * of a signed-in page's CPU time, and it grows with every page added. A path can only match the routes
 * whose first segment is its own first segment, or whose first segment can be anything (a parameter, an
 * optional segment, a splat) or is absent (the root, the home page's index, pathless layouts). So the
 * build is split by first segment into smaller builds, each with those routes and their parents, and a
 * request goes to the one of its path's first segment: it matches the same routes, among fewer.
 *
 * Everything else of the build is shared: the browser's manifest (`assets`), the entry, the route
 * modules. A path whose first segment names no route gets the routes every path can match, which is what
 * it would have matched among all of them (a 404 page, or a splat's).
 */
export function createRouteSubsetHandler(build: ServerBuild, mode?: string): RequestHandler {
  const subsets = splitRoutesByFirstSegment(build.routes);
  const handlerOf = (routes: ServerRoutes) => createRequestHandler({ ...build, routes }, mode);
  // Made once: a first segment that names no route shares the base handler (no entry per address).
  const bySegment = new Map(
    [...subsets.byFirstSegment].map(([segment, routes]) => [segment, handlerOf(routes)]),
  );
  const base = handlerOf(subsets.base);
  const everyRoute = handlerOf(build.routes);
  const hasBasename = Boolean(build.basename && build.basename !== "/");
  return (request, loadContext) => {
    const key = hasBasename ? null : firstSegmentKey(request.url);
    const handler = key === null ? everyRoute : (bySegment.get(key) ?? base);
    return handler(request, loadContext);
  };
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
  const withParents = (ids: Iterable<string>): ServerRoutes => {
    const subset: ServerRoutes = {};
    for (const id of ids)
      for (let route = routes[id]; route && !subset[route.id]; ) {
        subset[route.id] = route;
        route = route.parentId ? routes[route.parentId] : undefined;
      }
    return subset;
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
    base: withParents(everyPath),
    byFirstSegment: new Map(
      [...bySegment].map(([key, ids]) => [key, withParents([...everyPath, ...ids])]),
    ),
  };
}

/** A parameter (`:id`), an optional segment (`:lang?`, `about?`) or a splat (`*`) matches any segment. */
function isAnySegment(segment: string): boolean {
  return segment.startsWith(":") || segment.endsWith("?") || segment.includes("*");
}

/**
 * The first segment of a request's path as React Router compares it: a data request's `.data` ending
 * removed, lower-cased (plain ASCII, so lower-casing agrees with its case-insensitive comparison).
 * `null` for any other spelling (percent-encoded characters, which it may or may not decode; an empty
 * first segment): such a request is matched against every route, as before.
 */
export function firstSegmentKey(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const segment = pathname.split("/")[1] ?? "";
  if (pathname.length > 1 && !/^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/.test(segment)) return null;
  return segment.toLowerCase();
}
