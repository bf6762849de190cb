// What JavaScript a page makes the browser download on first load, computed from the build's route
// manifest rather than measured in a browser, so the figure does not depend on the machine's speed.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
};

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

export type PageJavaScript = { path: string; files: string[]; gzipBytes: number };

/** The browser manifest React Router writes as build/client/assets/manifest-<hash>.js. */
export function readClientManifest(clientDir: string): Manifest {
  const assetsDir = path.join(clientDir, "assets");
  const files = fs.readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length !== 1) {
    throw new Error(`expected one manifest in ${assetsDir}, found ${files.length}: run the build`);
  }
  const source = fs.readFileSync(path.join(assetsDir, files[0] as string), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

function routeTree(manifest: Manifest): RouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, children: build(route.id) },
    );
  return build(undefined);
}

/**
 * The modules the page's HTML loads: the client entry, each matched route's module and the modules
 * those statically import (the same list React Router writes as modulepreload links), plus the split
 * client loader or middleware modules that run before hydration. Lazily imported chunks are not part
 * of the first load and are not counted.
 */
export function firstLoadFiles(manifest: Manifest, pathname: string): string[] {
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (!matches) throw new Error(`no route matches ${pathname}`);
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.route.id as string];
    if (!route) throw new Error(`route ${match.route.id} is missing from the manifest`);
    for (const file of [
      route.module,
      ...(route.imports ?? []),
      route.clientLoaderModule,
      route.clientMiddlewareModule,
    ]) {
      if (file) files.add(file);
    }
  }
  return [...files];
}

export function pageJavaScript(clientDir: string, pathnames: string[]): PageJavaScript[] {
  const manifest = readClientManifest(clientDir);
  const gzipSizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      const bytes = fs.readFileSync(path.join(clientDir, file));
      size = zlib.gzipSync(bytes).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  return pathnames.map((pathname) => {
    const files = firstLoadFiles(manifest, pathname);
    return {
      path: pathname,
      files,
      gzipBytes: files.reduce((sum, file) => sum + gzipSize(file), 0),
    };
  });
}
