// The features' import graph is written down once, in docs/architecture.md's `feature-edges` block, and
// held against the code here: a feature imports another only along a listed edge, every feature folder
// is listed, and the listed graph has no cycle. lib and components import no feature at all.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const featuresDir = path.join(root, "app", "features");

type Edges = Map<string, Set<string>>;

/** `name -> a b c` lines of the architecture document's `feature-edges` block. */
function readAllowedEdges(markdown: string): Edges {
  const block = /```feature-edges\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error("docs/architecture.md has no ```feature-edges block");
  const edges: Edges = new Map();
  for (const line of block.split("\n")) {
    if (!line.trim()) continue;
    const match = /^\s*([a-z-]+)\s*->\s*(.*)$/.exec(line);
    if (!match) throw new Error(`Cannot read the feature edge line "${line}"`);
    const [, from = "", to = ""] = match;
    edges.set(from, new Set(to.split(/\s+/).filter(Boolean)));
  }
  return edges;
}

/** Every module a source file names: static imports and re-exports, and dynamic `import()`. */
function listImportedModules(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? "");
}

/** The feature folder a module specifier points into, or null (lib, components, a package). */
function featureOf(specifier: string, importingFile: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(importingFile), specifier);
  else return null;
  const relative = path.relative(featuresDir, target);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The edges the code takes that the list does not allow, as "from -> to (file: specifier)". */
function findForbiddenImports(files: { file: string; source: string }[], allowed: Edges): string[] {
  const problems: string[] = [];
  for (const { file, source } of files) {
    const from = featureOf("./", file);
    for (const specifier of listImportedModules(source)) {
      const to = featureOf(specifier, file);
      if (!to || to === from) continue;
      if (from && allowed.get(from)?.has(to)) continue;
      problems.push(
        `${from ?? "lib/components"} -> ${to} (${path.relative(root, file)}: ${specifier})`,
      );
    }
  }
  return problems;
}

/** A cycle among the listed edges, as the features along it; null when there is none. */
function findCycle(edges: Edges): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const trail: string[] = [];
  const visit = (feature: string): string[] | null => {
    if (state.get(feature) === "done") return null;
    if (state.get(feature) === "visiting") return [...trail.slice(trail.indexOf(feature)), feature];
    state.set(feature, "visiting");
    trail.push(feature);
    for (const next of edges.get(feature) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(feature, "done");
    return null;
  };
  for (const feature of edges.keys()) {
    const cycle = visit(feature);
    if (cycle) return cycle;
  }
  return null;
}

const allowed = readAllowedEdges(readFileSync(path.join(root, "docs", "architecture.md"), "utf8"));
const read = (file: string) => ({ file, source: readFileSync(file, "utf8") });

describe("feature boundaries", () => {
  it("lists every feature folder, and only those", () => {
    const folders = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...allowed.keys()].sort()).toEqual(folders);
    for (const targets of allowed.values())
      for (const target of targets) expect(folders).toContain(target);
  });

  it("lists no cycle", () => {
    expect(findCycle(allowed)).toBeNull();
  });

  it("holds: every feature imports only the features listed for it", () => {
    expect(findForbiddenImports(listSourceFiles(featuresDir).map(read), allowed)).toEqual([]);
  });

  it("holds: lib and components import no feature", () => {
    const files = [
      ...listSourceFiles(path.join(root, "app", "lib")),
      ...listSourceFiles(path.join(root, "app", "components")),
    ].map(read);
    expect(findForbiddenImports(files, new Map())).toEqual([]);
  });

  it("catches an import along an edge that is not listed, by alias and relative path", () => {
    const file = path.join(featuresDir, "accounts", "x.server.ts");
    const source = [
      'import { a } from "~/features/review/committee-reviews.server";',
      'export { b } from "../program/program-times";',
      'const c = await import("~/features/decisions/decisions.server");',
      'import "./own.css";',
      'import { z } from "zod";',
    ].join("\n");
    expect(findForbiddenImports([{ file, source }], allowed)).toEqual([
      "accounts -> review (app/features/accounts/x.server.ts: ~/features/review/committee-reviews.server)",
      "accounts -> program (app/features/accounts/x.server.ts: ../program/program-times)",
      "accounts -> decisions (app/features/accounts/x.server.ts: ~/features/decisions/decisions.server)",
    ]);
  });

  it("finds a cycle that the list would close", () => {
    const edges: Edges = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(edges)).toEqual(["a", "b", "c", "a"]);
  });
});
