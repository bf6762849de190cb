/**
 * Draws the illustrated board portraits: one flat head-and-shoulders figure per member, written as
 * app/assets/images/board/{season id}/{member id}-{200,400}.webp.
 *
 * Run: `npx tsx scripts/generate-board-portraits.ts`.
 * Set ART_PREVIEW_DIR=/some/dir to also write a labelled contact sheet (PNG) of each season.
 *
 * Deterministic: a person's face and hair come from a PRNG seeded with their member id, so someone
 * who serves several seasons keeps the same look; the outfit and background are seeded with the
 * season too, so each year's portrait is a little different. Same input, byte-identical output.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import season2022 from "../app/content/board/seasons/2022-2023";
import season2023 from "../app/content/board/seasons/2023-2024";
import season2024 from "../app/content/board/seasons/2024-2025";
import season2025 from "../app/content/board/seasons/2025-2026";
import type { BoardMember, BoardSeason } from "../app/content/board/types";
import { type Attrs, circle, el, ellipse, esc, mulberry32, pathEl, rect } from "./lib/svg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BOARD_DIR = path.join(ROOT, "app/assets/images/board");
const PREVIEW_DIR = process.env.ART_PREVIEW_DIR;

const SEASONS: readonly BoardSeason[] = [season2025, season2024, season2023, season2022];

/** Pronouns per person from any season that lists them, so a look never changes between years. */
const PRONOUNS = new Map<string, string>();
for (const season of SEASONS) {
  for (const m of season.members) {
    if (m.pronouns && !PRONOUNS.has(m.id)) PRONOUNS.set(m.id, m.pronouns);
  }
}

/** The artboard every portrait is drawn on (square); outputs are scaled from it. */
const S = 400;
const SIZES = [200, 400] as const;
const WEBP = { quality: 75, effort: 6 } as const;

// ---------------------------------------------------------------------------------------------
// Palette: the site's blues, the warm amber and soft neutrals, plus a few muted clothing tones.
// ---------------------------------------------------------------------------------------------
const C = {
  primary: "#1e6c93",
  primaryDeep: "#0d364b",
  accent: "#4499cc",
  amber: "#f2a541",
  amberDark: "#d9842a",
  ink: "#1d2b36",
  slate: "#3c4d5a",
  leaf: "#3b8a78",
  white: "#ffffff",
} as const;

/** [page colour, circle colour]: soft tints the figure stands out against. */
const BACKGROUNDS: ReadonlyArray<readonly [string, string]> = [
  ["#e2eff8", "#bcdcf0"],
  ["#fdf1dc", "#f9d193"],
  ["#e6f1ec", "#bfdccf"],
  ["#f8ebe5", "#efcbbd"],
  ["#ecebf5", "#d2cfe9"],
  ["#eef3f6", "#cfdde7"],
];

/** Tops are mid or dark tones, so they never fade into the pale backgrounds. */
const TOPS = [
  C.primary,
  C.accent,
  C.amber,
  C.leaf,
  C.slate,
  C.amberDark,
  "#c8553d",
  "#6c5b95",
  "#2d3e50",
  "#7f9c8a",
  "#b5485f",
  "#4f6d7a",
] as const;

/** Undershirts and collars: light, so the layer reads against the top. */
const UNDERS = ["#f4f1ea", "#ffffff", "#e9e4d8", "#dfe9f0", "#f6e6c8"] as const;

const SKINS = [
  "#fbe2cf",
  "#f4cdab",
  "#e9b78f",
  "#d99f74",
  "#c18557",
  "#a46a43",
  "#82512f",
  "#653b22",
] as const;

/** Hair colours with weights: mostly dark, a few lighter, and the odd dyed colour. */
const HAIRS: ReadonlyArray<readonly [string, number]> = [
  ["#17110e", 5],
  ["#2b1c14", 5],
  ["#44301f", 4],
  ["#6b4428", 3],
  ["#94572f", 1.5],
  ["#c9a063", 1.2],
  ["#e0c48e", 0.6],
  ["#2f5a7a", 0.4],
  ["#7d4566", 0.4],
];

type HairStyle =
  | "crop"
  | "swoop"
  | "buzz"
  | "curlyTop"
  | "afro"
  | "long"
  | "wavyLong"
  | "bob"
  | "bun"
  | "ponytail";

/**
 * Hair style weights as [any, he/him, she/her]: a real board skews this way, but every style
 * stays possible for everyone, and people without listed pronouns draw from the even column.
 */
const HAIR_STYLES: ReadonlyArray<readonly [HairStyle, number, number, number]> = [
  ["crop", 1, 3, 0.4],
  ["swoop", 1, 3, 0.6],
  ["buzz", 1, 1.6, 0.3],
  ["curlyTop", 1, 2, 0.5],
  ["afro", 1, 1, 1],
  ["long", 1, 0.3, 2],
  ["wavyLong", 1, 0.3, 1.6],
  ["bob", 1, 0.3, 1.6],
  ["bun", 1, 0.6, 1.4],
  ["ponytail", 1, 0.3, 1.6],
];

type TopStyle = "crew" | "vneck" | "collar" | "hoodie" | "cardigan" | "turtleneck";

/** Everyday student clothes are the most common; a few dress up for the photo. */
const TOP_STYLES: ReadonlyArray<readonly [TopStyle, number]> = [
  ["crew", 3],
  ["hoodie", 2],
  ["vneck", 2],
  ["cardigan", 2],
  ["collar", 1.5],
  ["turtleneck", 1],
];

// ---------------------------------------------------------------------------------------------
// Tiny SVG helpers (as in generate-images.ts). Numbers are rounded to keep the SVG small.
// ---------------------------------------------------------------------------------------------

/** An open stroked path with round ends (brows, smiles, glasses arms). */
function stroke(d: string, colour: string, width: number, extra: Attrs = {}) {
  return pathEl(d, "none", {
    stroke: colour,
    "stroke-width": width,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    ...extra,
  });
}

function text(x: number, y: number, s: string, size: number, fill: string, weight?: string) {
  return el(
    "text",
    {
      x,
      y,
      "font-family": "DejaVu Sans, Liberation Sans, sans-serif",
      "font-size": size,
      "font-weight": weight,
      "text-anchor": "middle",
      fill,
    },
    esc(s),
  );
}

/** Mixes two #rrggbb colours; t=0 gives `a`, t=1 gives `b`. */
function mix(a: string, b: string, t: number): string {
  const ch = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => {
    const v = Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t);
    return v.toString(16).padStart(2, "0");
  });
  return `#${out.join("")}`;
}

const darken = (c: string, t: number) => mix(c, "#1a0f0a", t);
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);

// ---------------------------------------------------------------------------------------------
// Seeded randomness: FNV-1a turns an id into a seed for mulberry32.
// ---------------------------------------------------------------------------------------------
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

type Rnd = () => number;

function pick<T>(rnd: Rnd, list: readonly T[]): T {
  const v = list[Math.floor(rnd() * list.length)];
  if (v === undefined) throw new Error("pick from an empty list");
  return v;
}

function pickWeighted<T>(rnd: Rnd, list: ReadonlyArray<readonly [T, number]>): T {
  const total = list.reduce((sum, [, w]) => sum + w, 0);
  let x = rnd() * total;
  for (const [v, w] of list) {
    x -= w;
    if (x < 0) return v;
  }
  const last = list[list.length - 1];
  if (last === undefined) throw new Error("pick from an empty list");
  return last[0];
}

// ---------------------------------------------------------------------------------------------
// A person's look (stable across seasons) and a season's outfit.
// ---------------------------------------------------------------------------------------------
type Look = {
  /** Half-width and half-height of the face: small changes that make people read as distinct. */
  headW: number;
  headH: number;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  eyes: "dot" | "happy" | "lash";
  mouth: "smile" | "grin" | "soft";
  browTilt: number;
  glasses?: { shape: "round" | "square"; colour: string };
  earrings?: string;
  blush: boolean;
};

type Outfit = {
  top: string;
  under: string;
  style: TopStyle;
  bg: readonly [string, string];
  /** Where the amber dot sits on the background circle, in degrees. */
  dotAngle: number;
  /** Some wear the society's enamel pin. */
  pin: boolean;
};

/** Perceived lightness (0..1), used to keep the top distinct from the hair and background. */
function lightness(hex: string): number {
  const ch = (i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return 0.2126 * ch(0) + 0.7152 * ch(1) + 0.0722 * ch(2);
}

function lookFor(personId: string, pronouns: string | undefined): Look {
  const rnd = mulberry32(hash(`look:${personId}`));
  const skin = pick(rnd, SKINS);
  let hair = pickWeighted(rnd, HAIRS);
  // Hair close to the skin tone melts into the forehead; redraw until the hairline shows.
  for (let i = 0; i < 8 && Math.abs(lightness(hair) - lightness(skin)) < 0.14; i++) {
    hair = pickWeighted(rnd, HAIRS);
  }
  const column = pronouns?.startsWith("he/") ? 2 : pronouns?.startsWith("she/") ? 3 : 1;
  const hairStyle = pickWeighted(
    rnd,
    HAIR_STYLES.map((row) => [row[0], row[column] ?? 1] as const),
  );
  const eyes = pickWeighted(rnd, [
    ["dot", 5],
    ["lash", 3],
    ["happy", 2],
  ] as const);
  const mouth = pickWeighted(rnd, [
    ["smile", 5],
    ["grin", 3],
    ["soft", 2],
  ] as const);
  const browTilt = (rnd() - 0.5) * 6;
  const glasses =
    rnd() < 0.35
      ? {
          shape: pick(rnd, ["round", "square"] as const),
          colour: pick(rnd, [C.ink, "#6b3f22", C.primary, "#8a6d4f"]),
        }
      : undefined;
  const earrings = rnd() < 0.3 ? pick(rnd, [C.amber, "#d9dde2", C.accent]) : undefined;
  const blush = rnd() < 0.6;
  // Drawn last so that adding them left every earlier choice (and so every look) unchanged.
  const headW = 59 + rnd() * 7;
  const headH = 74 + rnd() * 6;
  return { headW, headH, skin, hair, hairStyle, eyes, mouth, browTilt, glasses, earrings, blush };
}

/**
 * Outfits for a whole season, in board order. Each is still seeded by season and member, but a
 * draw that would make one hoodie too many (or repeat the previous card's background) is
 * redrawn, so a season reads as a varied group rather than a uniform.
 */
function seasonOutfits(season: BoardSeason): Map<string, Outfit> {
  const out = new Map<string, Outfit>();
  const styles = new Map<TopStyle, number>();
  const most = Math.ceil(season.members.length / 5);
  let prevBg: readonly [string, string] | undefined;
  for (const m of season.members) {
    const look = lookFor(m.id, PRONOUNS.get(m.id));
    const rnd = mulberry32(hash(`outfit:${season.id}:${m.id}`));
    let o = outfitFor(rnd, look);
    for (let i = 0; i < 8 && ((styles.get(o.style) ?? 0) >= most || o.bg === prevBg); i++) {
      o = outfitFor(rnd, look);
    }
    styles.set(o.style, (styles.get(o.style) ?? 0) + 1);
    prevBg = o.bg;
    out.set(m.id, o);
  }
  return out;
}

function outfitFor(rnd: Rnd, look: Look): Outfit {
  const bg = pick(rnd, BACKGROUNDS);
  let top = pick(rnd, TOPS);
  // Long dark hair over a dark top loses the shoulders; redraw until they separate.
  for (let i = 0; i < 8 && Math.abs(lightness(top) - lightness(look.hair)) < 0.12; i++) {
    top = pick(rnd, TOPS);
  }
  return {
    top,
    under: pick(rnd, UNDERS),
    style: pickWeighted(rnd, TOP_STYLES),
    bg,
    dotAngle: -10 - rnd() * 25,
    pin: rnd() < 0.3,
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing. The head is centred at (200, 178); everything is laid out on the 400 artboard, and
// the page crops portraits to a circle, so the corners hold nothing but background.
// ---------------------------------------------------------------------------------------------
const HX = 200;
const HY = 178;

/** Hairlines: the region above each curve is where the hair cap shows over the forehead. */
const HAIRLINES = {
  // A soft scalloped fringe, so a short cut doesn't read as a helmet.
  fringe:
    "M0 0H400V196H268C266 164 259 150 252 144Q238 152 226 140Q213 150 200 139Q187 150 174 140" +
    "Q162 152 148 144C140 150 134 164 132 196H0Z",
  swoop:
    "M0 0H400V200H270C268 152 252 128 230 124C200 128 168 150 150 170C141 180 135 190 132 200H0Z",
  middle: "M0 0H400V224H270C268 172 246 138 200 128C154 138 132 172 130 224H0Z",
  high: "M0 0H400V182H266C262 142 238 120 200 118C162 120 138 142 134 182H0Z",
  bangs: "M0 0H400V212H271C269 192 263 170 258 156L142 156C137 170 131 192 129 212H0Z",
} as const;
type Hairline = keyof typeof HAIRLINES;

const HAIRLINE_FOR: Record<HairStyle, Hairline> = {
  crop: "fringe",
  swoop: "swoop",
  buzz: "high",
  curlyTop: "high",
  afro: "high",
  long: "middle",
  wavyLong: "swoop",
  bob: "bangs",
  bun: "high",
  ponytail: "middle",
};

/** Circles along an arc around the head: the bumpy outline of curly hair. */
function curls(
  cx: number,
  cy: number,
  r: number,
  from: number,
  to: number,
  n: number,
  size: number,
) {
  return Array.from({ length: n }, (_, i) => {
    const a = ((from + ((to - from) * i) / (n - 1)) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a), size] as const;
  });
}

/** Hair that sits behind the head and neck (drawn first). */
function backHair(look: Look): string {
  const h = look.hair;
  switch (look.hairStyle) {
    case "long":
      return pathEl(
        "M130 180C126 116 160 90 200 90C240 90 274 116 270 180C273 236 280 292 292 352" +
          "L108 352C120 292 127 236 130 180Z",
        h,
      );
    case "wavyLong": {
      const left = curls(HX, 250, 88, 115, 200, 6, 24);
      const right = curls(HX, 250, 88, -20, 65, 6, 24);
      return [
        pathEl("M128 180C124 114 160 88 200 88C240 88 276 114 272 180L290 330H110Z", h),
        ...[...left, ...right].map(([x, y, r]) => circle(x, y, r, h)),
      ].join("");
    }
    case "bob":
      return pathEl(
        "M128 180C124 114 160 90 200 90C240 90 276 114 272 180C274 220 278 250 282 270" +
          "C252 282 148 282 118 270C122 250 126 220 128 180Z",
        h,
      );
    case "afro":
      return [
        circle(HX, 164, 96, h),
        ...curls(HX, 164, 92, 140, 400, 14, 24).map(([x, y, r]) => circle(x, y, r, h)),
      ].join("");
    case "bun":
      return circle(HX, 92, 30, h) + ellipse(HX, 118, 22, 8, darken(h, 0.25));
    case "ponytail":
      return pathEl(
        "M244 118C300 122 318 196 300 262C292 292 276 306 262 300C280 252 280 186 236 140Z",
        h,
      );
    default:
      return "";
  }
}

/** The hair cap over the top of the head, clipped to the hairline, plus curls and strands. */
function frontHair(look: Look): string {
  const h = look.hair;
  const parts: string[] = [];
  const capRy = look.hairStyle === "buzz" ? 79 : 84;
  const capOpacity = look.hairStyle === "buzz" ? 0.9 : undefined;
  parts.push(
    ellipse(HX, 172, look.headW + 5, capRy, h, {
      "clip-path": "url(#hairline)",
      opacity: capOpacity,
    }),
  );
  if (look.hairStyle === "curlyTop") {
    for (const [x, y, r] of curls(HX, 168, 70, 195, 345, 9, 20)) parts.push(circle(x, y, r, h));
    for (const [x, y, r] of curls(HX, 176, 50, 215, 325, 5, 18)) parts.push(circle(x, y, r, h));
  }
  if (look.hairStyle === "afro") {
    for (const [x, y, r] of curls(HX, 178, 62, 200, 340, 8, 16)) parts.push(circle(x, y, r, h));
  }
  if (look.hairStyle === "swoop") {
    parts.push(pathEl("M150 170C170 140 210 122 252 132C232 136 198 150 176 176Z", h));
  }
  // A soft sheen at the top left (light comes from there in all the site's artwork).
  if (look.hairStyle !== "buzz") {
    parts.push(stroke("M150 124C164 108 182 100 202 98", lighten(h, 0.28), 6, { opacity: 0.55 }));
  }
  return parts.join("");
}

/** Strands that fall in front of the shoulders (drawn after the clothes). */
function frontStrands(look: Look): string {
  const h = look.hair;
  if (look.hairStyle === "long") {
    return (
      pathEl("M132 176C128 236 124 300 112 352L150 352C148 300 150 240 150 206Z", h) +
      pathEl("M268 176C272 236 276 300 288 352L250 352C252 300 250 240 250 206Z", h)
    );
  }
  if (look.hairStyle === "wavyLong") {
    return (
      pathEl(
        "M130 176C124 240 126 292 110 340C124 352 142 350 152 340C150 300 148 240 150 210Z",
        h,
      ) +
      pathEl("M270 176C276 240 274 292 290 340C276 352 258 350 248 340C250 300 252 240 250 210Z", h)
    );
  }
  return "";
}

function clothes(o: Outfit, skin: string): string {
  const torso = "M34 400C38 326 92 292 160 286H240C308 292 362 326 366 400Z";
  const shadow = darken(o.top, 0.22);
  const parts: string[] = [];
  parts.push(pathEl(torso, o.top), pathEl(torso, "url(#shadeR)"));
  // A light rim along the shoulders, as if lit from the top left.
  parts.push(stroke("M54 356C70 320 106 300 160 292", lighten(o.top, 0.25), 5, { opacity: 0.6 }));
  switch (o.style) {
    case "crew":
      parts.push(stroke("M170 287C180 312 220 312 230 287", shadow, 7));
      break;
    case "vneck":
      parts.push(
        pathEl("M172 286L200 334L228 286Z", skin),
        stroke("M170 285L200 338L230 285", shadow, 6),
      );
      break;
    case "collar":
      parts.push(
        pathEl("M174 286L200 346L226 286Z", o.under),
        pathEl("M170 282L200 312L182 330L160 294Z", lighten(o.under, 0.3)),
        pathEl("M230 282L200 312L218 330L240 294Z", lighten(o.under, 0.3)),
        stroke("M170 282L200 312L230 282", darken(o.under, 0.2), 2),
      );
      break;
    case "hoodie":
      // The hood lies folded round the neckline, thick and a shade darker than the body.
      parts.push(
        stroke("M156 288C162 326 238 326 244 288", shadow, 18),
        stroke("M156 288C162 326 238 326 244 288", lighten(o.top, 0.15), 4, { opacity: 0.5 }),
        stroke("M186 314L184 356", o.under, 4),
        stroke("M214 314L216 356", o.under, 4),
      );
      break;
    case "cardigan":
      parts.push(
        pathEl("M168 286C178 318 222 318 232 286L226 400H174Z", o.under),
        stroke("M168 287C180 312 220 312 232 287", darken(o.under, 0.15), 5),
        stroke("M170 300L178 400", shadow, 4),
        stroke("M230 300L222 400", shadow, 4),
        circle(183, 346, 3.5, shadow),
        circle(185, 376, 3.5, shadow),
      );
      break;
    case "turtleneck":
      // A rolled collar: a short tube round the neck, its fold a shade darker.
      parts.push(
        pathEl("M170 296V266C170 256 230 256 230 266V296Z", o.top),
        pathEl("M170 296V266C170 256 230 256 230 266V296Z", "url(#shadeR)"),
        ellipse(HX, 262, 29, 6, shadow),
      );
      for (const x of [180, 190, 200, 210, 220]) {
        parts.push(stroke(`M${x} 272V292`, shadow, 2, { opacity: 0.45 }));
      }
      break;
  }
  return parts.join("");
}

function face(look: Look): string {
  const ink = "#2a201c";
  const skinShade = darken(look.skin, 0.2);
  const brow = lightness(look.hair) > 0.45 ? darken(look.hair, 0.4) : look.hair;
  const parts: string[] = [];
  const ex = [HX - 25, HX + 25] as const;
  const ey = 188;
  // Brows: mirrored arcs; the tilt gives each person a slightly different expression.
  for (const [i, x] of ex.entries()) {
    const s = i === 0 ? -1 : 1;
    const t = look.browTilt * s;
    parts.push(
      stroke(`M${x - 13} ${ey - 20 + t}Q${x} ${ey - 29} ${x + 13} ${ey - 20 - t}`, brow, 5),
    );
  }
  for (const [i, x] of ex.entries()) {
    if (look.eyes === "happy") {
      parts.push(stroke(`M${x - 8} ${ey + 2}Q${x} ${ey - 7} ${x + 8} ${ey + 2}`, ink, 4));
    } else {
      parts.push(ellipse(x, ey, 5.5, 7, ink), circle(x + 2, ey - 2.5, 1.8, C.white));
      if (look.eyes === "lash") {
        const s = i === 0 ? -1 : 1;
        parts.push(stroke(`M${x + s * 5} ${ey - 5}l${s * 5} -4`, ink, 2.5));
      }
    }
  }
  if (look.blush) {
    // Deeper skin gets a fainter, warmer blush; the pale pink turns muddy on it.
    const dark = lightness(look.skin) < 0.4;
    const cheek = { opacity: dark ? 0.16 : 0.22 };
    const tint = dark ? "#d9604f" : "#f07f6e";
    parts.push(
      ellipse(HX - 38, 214, 11, 7, tint, cheek),
      ellipse(HX + 38, 214, 11, 7, tint, cheek),
    );
  }
  parts.push(stroke(`M${HX - 2} 196Q${HX - 8} 212 ${HX + 4} 214`, skinShade, 3.5));
  const lip = "#8e3b34";
  if (look.mouth === "grin") {
    parts.push(
      pathEl(`M${HX - 18} 226Q${HX} 252 ${HX + 18} 226Z`, lip),
      pathEl(`M${HX - 15} 227.5Q${HX} 233 ${HX + 15} 227.5L${HX + 13} 231H${HX - 13}Z`, C.white),
    );
  } else if (look.mouth === "smile") {
    parts.push(stroke(`M${HX - 16} 227Q${HX} 241 ${HX + 16} 227`, lip, 4));
  } else {
    parts.push(stroke(`M${HX - 10} 230Q${HX} 237 ${HX + 10} 230`, lip, 4));
  }
  if (look.glasses) {
    const g = look.glasses;
    const lens = (x: number) =>
      g.shape === "round"
        ? circle(x, ey, 17, C.white, { "fill-opacity": 0.18, stroke: g.colour, "stroke-width": 4 })
        : rect(x - 19, ey - 14, 38, 28, C.white, {
            rx: 8,
            "fill-opacity": 0.18,
            stroke: g.colour,
            "stroke-width": 4,
          });
    const inner = g.shape === "round" ? 17 : 19;
    parts.push(
      lens(ex[0]),
      lens(ex[1]),
      stroke(
        `M${ex[0] + inner} ${ey - 2}Q${HX} ${ey - 8} ${ex[1] - inner} ${ey - 2}`,
        g.colour,
        3.5,
      ),
      stroke(`M${ex[0] - inner} ${ey - 3}L${HX - look.headW} ${ey - 6}`, g.colour, 3.5),
      stroke(`M${ex[1] + inner} ${ey - 3}L${HX + look.headW} ${ey - 6}`, g.colour, 3.5),
    );
  }
  return parts.join("");
}

function portraitBody(look: Look, outfit: Outfit): string {
  const skinShade = darken(look.skin, 0.18);
  const earX = look.headW - 1;
  const [page, ring] = outfit.bg;
  const a = (outfit.dotAngle * Math.PI) / 180;
  const backdrop = [
    rect(0, 0, S, S, page),
    circle(HX, 208, 172, ring),
    // A small amber dot on the ring: the site's warm accent, inside the page's circular crop.
    circle(HX + 158 * Math.cos(a), 208 + 158 * Math.sin(a), 9, C.amber, { opacity: 0.85 }),
  ];
  const figure = [
    backHair(look),
    // Neck with the shadow the chin casts on it.
    rect(176, 214, 48, 96, look.skin, { rx: 20 }),
    rect(176, 236, 48, 30, skinShade),
    clothes(outfit, look.skin),
    outfit.pin
      ? circle(270, 338, 10, C.amber) + circle(270, 338, 5, C.white, { opacity: 0.9 })
      : "",
    // Ears, then the head over their inner edge.
    ellipse(HX - earX, 192, 11, 16, look.skin),
    ellipse(HX + earX, 192, 11, 16, look.skin),
    ellipse(HX - earX, 193, 5, 9, skinShade),
    ellipse(HX + earX, 193, 5, 9, skinShade),
    look.earrings ? circle(HX - earX - 1, 212, 4.5, look.earrings) : "",
    look.earrings ? circle(HX + earX + 1, 212, 4.5, look.earrings) : "",
    ellipse(HX, HY, look.headW, look.headH, look.skin),
    // Shade on the right of the face, away from the light.
    ellipse(HX, HY, look.headW, look.headH, "url(#shadeR)", { opacity: 0.6 }),
    frontHair(look),
    face(look),
    frontStrands(look),
  ];
  // Drawn a little larger than the layout grid, anchored at the bottom, to fill the crop.
  const scaled = el("g", { transform: "translate(-20 -39.2) scale(1.1)" }, figure.join(""));
  return backdrop.join("") + scaled;
}

function defs(look: Look): string {
  const shadeR = el(
    "linearGradient",
    { id: "shadeR", x1: 0, y1: 0, x2: 1, y2: 0 },
    el("stop", { offset: 0.5, "stop-color": "#000", "stop-opacity": 0 }) +
      el("stop", { offset: 1, "stop-color": "#000", "stop-opacity": 0.16 }),
  );
  const clip = el(
    "clipPath",
    { id: "hairline" },
    pathEl(HAIRLINES[HAIRLINE_FOR[look.hairStyle]], "#000"),
  );
  return shadeR + clip;
}

function svgDoc(look: Look, outfit: Outfit, size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" ` +
    `viewBox="0 0 ${S} ${S}"><defs>${defs(look)}</defs>${portraitBody(look, outfit)}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Output.
// ---------------------------------------------------------------------------------------------
const OUTFITS = new Map<string, Map<string, Outfit>>();

function portraitSvg(season: BoardSeason, member: BoardMember, size: number): Buffer {
  const look = lookFor(member.id, PRONOUNS.get(member.id));
  let outfits = OUTFITS.get(season.id);
  if (!outfits) {
    outfits = seasonOutfits(season);
    OUTFITS.set(season.id, outfits);
  }
  const outfit = outfits.get(member.id);
  if (!outfit) throw new Error(`no outfit for ${member.id}`);
  return Buffer.from(svgDoc(look, outfit, size));
}

/** A labelled grid of one season's portraits, for checking the artwork by eye. */
async function writeContactSheet(season: BoardSeason, dir: string): Promise<void> {
  const cell = 220;
  const cols = 5;
  const rows = Math.ceil(season.members.length / cols);
  const tiles = await Promise.all(
    season.members.map(async (member, i) => ({
      input: await sharp(portraitSvg(season, member, 200))
        .png()
        .toBuffer(),
      left: (i % cols) * cell + 10,
      top: Math.floor(i / cols) * (cell + 40) + 50,
    })),
  );
  const labels = season.members
    .map((member, i) => {
      const x = (i % cols) * cell + cell / 2;
      const y = Math.floor(i / cols) * (cell + 40) + 50 + 218;
      return (
        text(x, y, member.name, 14, C.ink, "bold") + text(x, y + 16, member.position, 11, C.slate)
      );
    })
    .join("");
  const width = cols * cell;
  const height = rows * (cell + 40) + 50;
  const overlay =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `${text(width / 2, 32, `Board ${season.id}`, 22, C.primary, "bold")}${labels}</svg>`;
  await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([...tiles, { input: Buffer.from(overlay), left: 0, top: 0 }])
    .png()
    .toFile(path.join(dir, `board-${season.id}.png`));
}

async function main(): Promise<void> {
  let count = 0;
  for (const season of SEASONS) {
    const dir = path.join(BOARD_DIR, season.id);
    await mkdir(dir, { recursive: true });
    for (const member of season.members) {
      for (const size of SIZES) {
        const file = path.join(dir, `${member.id}-${size}.webp`);
        await sharp(portraitSvg(season, member, size))
          .webp(WEBP)
          .toFile(file);
        count++;
      }
    }
    if (PREVIEW_DIR) {
      await mkdir(PREVIEW_DIR, { recursive: true });
      await writeContactSheet(season, PREVIEW_DIR);
    }
  }
  console.log(`Wrote ${count} board portraits for ${SEASONS.length} seasons.`);
}

await main();
