/**
 * Tiny SVG helpers shared by the artwork generators. Numbers are rounded to keep the SVG (and the
 * diffs) small; output must stay byte-identical, so change these only with a re-run of npm run images.
 */
export type Attrs = Record<string, string | number | undefined>;

export const r1 = (v: number): number => Math.round(v * 10) / 10;

export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function el(tag: string, attrs: Attrs, children?: string): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? r1(v) : v}"`)
    .join("");
  return children === undefined ? `<${tag}${a}/>` : `<${tag}${a}>${children}</${tag}>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}) {
  return el("rect", { x, y, width: w, height: h, fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) {
  return el("circle", { cx, cy, r, fill, ...extra });
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attrs = {},
) {
  return el("ellipse", { cx, cy, rx, ry, fill, ...extra });
}

export function pathEl(d: string, fill: string, extra: Attrs = {}) {
  return el("path", { d, fill, ...extra });
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  extra: Attrs = {},
) {
  return el("line", { x1, y1, x2, y2, stroke, "stroke-linecap": "round", ...extra });
}

export function group(children: string, extra: Attrs = {}): string {
  return el("g", extra, children);
}

/** Vertical or diagonal linear gradient from a list of [offset, colour, opacity?] stops. */
export function gradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = dir;
  const s = stops
    .map(([o, c, a]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": a }))
    .join("");
  return el("linearGradient", { id, x1, y1, x2, y2 }, s);
}

export function radial(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  at: { cx?: number; cy?: number; r?: number } = {},
): string {
  const { cx = 0.5, cy = 0.5, r = 0.5 } = at;
  const s = stops
    .map(([o, c, a]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": a }))
    .join("");
  return el("radialGradient", { id, cx, cy, r }, s);
}

export function blurFilter(id: string, sd: number): string {
  const b = el("feGaussianBlur", { stdDeviation: sd });
  return el("filter", { id, x: "-50%", y: "-50%", width: "200%", height: "200%" }, b);
}

// ---------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32): tiny, fast and good enough for visual noise.
// ---------------------------------------------------------------------------------------------
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The scenes' typeface: DejaVu covers the IPA; Liberation Sans is the fallback. */
export const SANS = "DejaVu Sans, Liberation Sans, sans-serif";

export type TextOpts = {
  size: number;
  fill: string;
  weight?: number | "bold";
  anchor?: "start" | "middle" | "end";
  italic?: boolean;
  opacity?: number;
  spacing?: number;
  family?: string;
};

export function text(x: number, y: number, s: string, o: TextOpts): string {
  return el(
    "text",
    {
      x,
      y,
      "font-family": o.family ?? SANS,
      "font-size": o.size,
      "font-weight": o.weight,
      "font-style": o.italic ? "italic" : undefined,
      "text-anchor": o.anchor,
      "letter-spacing": o.spacing,
      fill: o.fill,
      opacity: o.opacity,
    },
    esc(s),
  );
}

/** A soft shadow under an object; scenes define the #blur8 filter (see blurFilter). */
/** A soft blurred contact shadow, cast down and to the right (light is top left). */
export function contactShadow(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.22,
): string {
  return ellipse(cx, cy, rx, ry, "#000", { opacity, filter: "url(#blur8)" });
}
