/**
 * Builds the home-page artwork and the society's logo/favicons from hand-written SVG.
 *
 * Run: `npm run images` (or `npx tsx scripts/generate-images.ts`).
 * Set ART_PREVIEW_DIR=/some/dir to also write full-size PNG previews of every scene and icon.
 *
 * Everything is deterministic: noise comes from a seeded PRNG, so re-running the script
 * reproduces byte-identical SVG input for sharp (and therefore the same images).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  blurFilter,
  circle,
  contactShadow,
  el,
  ellipse,
  gradient,
  group,
  line,
  mulberry32,
  pathEl,
  r1,
  radial,
  rect,
  type TextOpts,
  text,
} from "./lib/svg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOME_DIR = path.join(ROOT, "app/assets/images/home");
const PREVIEW_DIR = process.env.ART_PREVIEW_DIR;

/** The artboard every scene is drawn on; outputs are scaled from it, so 16:10 is kept. */
const W = 1600;
const H = 1000;
const SLIDE_WIDTHS = [480, 800, 1200, 1600] as const;
const WEBP = { quality: 78, effort: 6 } as const;

// ---------------------------------------------------------------------------------------------
// Palette: the site's primary/accent blues, one warm accent (amber) and soft neutrals.
// ---------------------------------------------------------------------------------------------
const C = {
  primary: "#1e6c93",
  primaryDark: "#14506e",
  primaryDeep: "#0d364b",
  accent: "#4499cc",
  accentSoft: "#a9d2ec",
  accentMist: "#e2eff8",
  amber: "#f2a541",
  amberDark: "#d9842a",
  amberSoft: "#f9d193",
  ink: "#1d2b36",
  slate: "#3c4d5a",
  gray: "#8796a3",
  line: "#c9d3db",
  mist: "#eef3f6",
  paper: "#fbfaf7",
  cream: "#f5ead8",
  sand: "#e4cfae",
  wood: "#c68d55",
  woodDark: "#98643a",
  chalk: "#f2f0e6",
  board: "#1f4450",
  leaf: "#3b8a78",
  leafDark: "#2a6a5b",
  white: "#ffffff",
} as const;

// ---------------------------------------------------------------------------------------------
// Tiny SVG helpers. Numbers are rounded to keep the SVG (and the diffs) small.
// ---------------------------------------------------------------------------------------------

/**
 * Shared defs. Light falls from the top left in every scene, so `shadeR` (darker on the right)
 * and `hiTL` (sheen at the top left) are laid over shapes to give them volume. They use
 * objectBoundingBox units, so one definition fits every shape it is applied to.
 */
function commonDefs(): string {
  return [
    gradient(
      "shadeR",
      [
        [0.45, "#000", 0],
        [1, "#000", 0.2],
      ],
      { x2: 1, y2: 0 },
    ),
    gradient(
      "shadeB",
      [
        [0.4, "#000", 0],
        [1, "#000", 0.18],
      ],
      {},
    ),
    gradient(
      "hiTL",
      [
        [0, "#fff", 0.45],
        [0.55, "#fff", 0],
      ],
      { x2: 1, y2: 1 },
    ),
    blurFilter("blur3", 3),
    blurFilter("blur8", 8),
    blurFilter("blur16", 16),
    blurFilter("blur40", 40),
  ].join("");
}

/** Wraps a 1600x1000 scene in an SVG document rendered at `width` pixels wide. */
function svgDoc(body: string, defs: string, width: number): string {
  const height = Math.round((width * H) / W);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${W} ${H}"><defs>${commonDefs()}${defs}</defs>${body}</svg>`
  );
}

type Scene = { defs: string; body: string };

/** Diagonal beam of window light from the top left, laid over a whole scene. */
function lightBeam(id: string, x0: number, width: number, opacity: number): string {
  const d = `M${x0} 0h${width}l${W * 0.9} ${H}h-${width * 1.6}z`;
  return pathEl(d, `url(#${id})`, { opacity, filter: "url(#blur40)" });
}

function beamGradient(id: string): string {
  return gradient(
    id,
    [
      [0, "#fff", 0.9],
      [1, "#fff", 0],
    ],
    { x2: 0.6, y2: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Scene 1: chalkboard with the IPA vowel trapezoid.
// ---------------------------------------------------------------------------------------------
function chalkboardScene(): Scene {
  const rnd = mulberry32(7);
  const defs = [
    gradient("wall1", [
      [0, "#f8eedd"],
      [1, "#efdcbf"],
    ]),
    gradient("wainscot1", [
      [0, "#e2c49b"],
      [1, "#d5b289"],
    ]),
    gradient(
      "board1",
      [
        [0, "#27525f"],
        [1, "#173843"],
      ],
      { x2: 1, y2: 1 },
    ),
    gradient("frame1", [
      [0, "#d39a5d"],
      [1, "#a9713f"],
    ]),
    gradient("ledgeTop1", [
      [0, "#e0ab70"],
      [1, "#c99057"],
    ]),
    gradient("pot1", [
      [0, "#e59a55"],
      [1, "#c47436"],
    ]),
    beamGradient("beam1"),
    radial("glow1", [
      [0, "#fff", 0.55],
      [1, "#fff", 0],
    ]),
  ];

  // The board and its frame; the frame casts a shadow onto the wall (down-right).
  const bx = 110;
  const by = 70;
  const bw = 1380;
  const bh = 720;
  const wall = [
    rect(0, 0, W, H, "url(#wall1)"),
    ellipse(220, 40, 700, 420, "url(#glow1)"),
    rect(0, 862, W, 138, "url(#wainscot1)"),
    rect(0, 852, W, 16, C.woodDark),
    rect(0, 852, W, 5, C.wood),
    // Panel mouldings on the wainscot.
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      rect(40 + i * 260, 896, 220, 82, "none", {
        stroke: "#c9a274",
        "stroke-width": 3,
        rx: 4,
        opacity: 0.7,
      }),
    ),
  ].join("");

  const frame = [
    rect(bx + 16, by + 22, bw, bh, "#5a3a1e", { opacity: 0.28, filter: "url(#blur16)", rx: 12 }),
    rect(bx, by, bw, bh, "url(#frame1)", { rx: 12 }),
    rect(bx, by, bw, bh, "url(#hiTL)", { rx: 12, opacity: 0.6 }),
    rect(bx + 24, by + 24, bw - 48, bh - 48, "url(#board1)", { rx: 4 }),
    // Inner shadow along the top and left edges, where the frame stands proud of the board.
    rect(bx + 24, by + 24, bw - 48, 14, "#000", { opacity: 0.18 }),
    rect(bx + 24, by + 38, 12, bh - 62, "#000", { opacity: 0.12 }),
  ].join("");

  // Eraser smudges: soft, wide and faint, so the board reads as used rather than flat.
  const smudges = [
    [520, 610, 300, 70, -6],
    [1240, 210, 220, 60, 8],
    [860, 170, 260, 40, -3],
    [300, 380, 160, 90, 12],
  ]
    .map(([cx = 0, cy = 0, rx = 0, ry = 0, rot = 0]) =>
      ellipse(cx, cy, rx, ry, C.chalk, {
        opacity: 0.06,
        filter: "url(#blur16)",
        transform: `rotate(${rot} ${cx} ${cy})`,
      }),
    )
    .join("");

  // A chalk stroke is a solid line plus a thinner, slightly offset ghost: it reads as chalk.
  const chalkLine = (x1: number, y1: number, x2: number, y2: number, w = 4): string => {
    const j = () => (rnd() - 0.5) * 2;
    return (
      line(x1, y1, x2, y2, C.chalk, { "stroke-width": w, opacity: 0.85 }) +
      line(x1 + j(), y1 + j(), x2 + j(), y2 + j(), C.chalk, { "stroke-width": 1.6, opacity: 0.4 })
    );
  };

  // IPA vowel chart geometry (proportions follow the official IPA trapezoid).
  const top = 318;
  const bottom = 706;
  const left = 380;
  const right = 1060;
  const openLeft = left + (right - left) / 2;
  const rowY = (t: number) => top + (bottom - top) * t;
  const frontX = (t: number) => left + (openLeft - left) * t;
  const centralX = (t: number) =>
    (left + right) / 2 + ((openLeft + right) / 2 - (left + right) / 2) * t;

  type Pair = { t: number; x: number; u?: string; r?: string; dot: boolean };
  const col = (t: number, c: "f" | "c" | "b") =>
    c === "f" ? frontX(t) : c === "c" ? centralX(t) : right;
  const pairs: Pair[] = [
    { t: 0, x: col(0, "f"), u: "i", r: "y", dot: true },
    { t: 0, x: col(0, "c"), u: "ɨ", r: "ʉ", dot: true },
    { t: 0, x: col(0, "b"), u: "ɯ", r: "u", dot: true },
    { t: 1 / 3, x: col(1 / 3, "f"), u: "e", r: "ø", dot: true },
    { t: 1 / 3, x: col(1 / 3, "c"), u: "ɘ", r: "ɵ", dot: true },
    { t: 1 / 3, x: col(1 / 3, "b"), u: "ɤ", r: "o", dot: true },
    { t: 2 / 3, x: col(2 / 3, "f"), u: "ɛ", r: "œ", dot: true },
    { t: 2 / 3, x: col(2 / 3, "c"), u: "ɜ", r: "ɞ", dot: true },
    { t: 2 / 3, x: col(2 / 3, "b"), u: "ʌ", r: "ɔ", dot: true },
    { t: 1, x: col(1, "f"), u: "a", r: "ɶ", dot: true },
    { t: 1, x: col(1, "b"), u: "ɑ", r: "ɒ", dot: true },
    // Lax vowels sit between the cardinal rows and have no dot on the official chart.
    { t: 0.17, x: frontX(0.17) + 105, u: "ɪ", r: "ʏ", dot: false },
    { t: 0.17, x: right - 95, r: "ʊ", dot: false },
    { t: 0.84, x: frontX(0.84) + 92, u: "æ", dot: false },
    { t: 0.84, x: centralX(0.84), u: "ɐ", dot: false },
  ];
  const sym = 46;
  const gap = 16;
  // Rough advance widths of the symbols at this size (DejaVu Sans), for the knockouts below.
  const glyphW = (g: string) => ("œɶɯæ".includes(g) ? 58 : 40);

  // Lines are masked out behind each symbol pair (the dot is redrawn on top), so lines run
  // cleanly up to the symbols, as on the printed chart.
  const knockouts = pairs
    .map((p) => {
      const x0 = p.u ? p.x - gap - glyphW(p.u) : p.x - 8;
      const x1 = p.r ? p.x + gap + glyphW(p.r) : p.x + 8;
      return rect(x0, rowY(p.t) - 21, x1 - x0, 42, "#000", { rx: 10 });
    })
    .join("");
  const schwaY = rowY(0.5);
  const schwaX = centralX(0.5);
  const maskDef = el(
    "mask",
    { id: "chartMask" },
    rect(0, 0, W, H, "#fff") + knockouts + ellipse(schwaX, schwaY, 40, 35, "#000"),
  );
  defs.push(maskDef);

  const chartLines = group(
    [
      chalkLine(left, top, right, top),
      chalkLine(right, top, right, bottom),
      chalkLine(right, bottom, openLeft, bottom),
      chalkLine(openLeft, bottom, left, top),
      chalkLine(frontX(1 / 3), rowY(1 / 3), right, rowY(1 / 3)),
      chalkLine(frontX(2 / 3), rowY(2 / 3), right, rowY(2 / 3)),
      chalkLine(centralX(0), top, centralX(1), bottom),
    ].join(""),
    { mask: "url(#chartMask)" },
  );

  const chalkText = (x: number, y: number, s: string, o: Partial<TextOpts> = {}) =>
    text(x, y, s, { size: sym, fill: C.chalk, opacity: 0.95, ...o });

  const symbols = pairs
    .map((p) => {
      const y = rowY(p.t);
      return [
        p.dot ? circle(p.x, y, 6.5, C.chalk, { opacity: 0.95 }) : "",
        p.u ? chalkText(p.x - gap, y + 14, p.u, { anchor: "end" }) : "",
        p.r ? chalkText(p.x + gap, y + 14, p.r) : "",
      ].join("");
    })
    .join("");

  // The schwa, circled in amber chalk: the society's mascot vowel.
  const schwa =
    chalkText(schwaX, schwaY + 14, "ə", { anchor: "middle" }) +
    ellipse(schwaX, schwaY, 38, 33, "none", {
      stroke: C.amber,
      "stroke-width": 4,
      opacity: 0.9,
      transform: `rotate(-8 ${schwaX} ${schwaY})`,
    });

  const label = { size: 26, fill: C.chalk, opacity: 0.72 } as const;
  const rowLabels = [
    [0, "Close"],
    [1 / 3, "Close-mid"],
    [2 / 3, "Open-mid"],
    [1, "Open"],
  ] as const;
  const labels = [
    ...rowLabels.map(([t, s]) => text(frontX(t) - 64, rowY(t) + 9, s, { ...label, anchor: "end" })),
    text(left, top - 44, "Front", { ...label, anchor: "middle" }),
    text(centralX(0), top - 44, "Central", { ...label, anchor: "middle" }),
    text(right, top - 44, "Back", { ...label, anchor: "middle" }),
  ].join("");

  const heading =
    text(172, 172, "Phonetics Workshop", { size: 54, fill: C.chalk, weight: "bold" }) +
    text(174, 226, "Week 3 · Mapping the vowel space", {
      size: 28,
      fill: C.amberSoft,
      opacity: 0.9,
    }) +
    chalkLine(174, 194, 700, 192, 3);

  // Key words panel on the right, separated by a faint chalk rule.
  const keys: ReadonlyArray<readonly [string, string]> = [
    ["i", "beet"],
    ["u", "boot"],
    ["ɛ", "bet"],
    ["ə", "sofa"],
    ["æ", "bat"],
    ["ɑ", "father"],
  ];
  const keyPanel = [
    chalkLine(1150, 270, 1150, 712, 2.5),
    text(1190, 300, "Key words", { ...label, size: 30, opacity: 0.85 }),
    ...keys.map(([v, word], i) => {
      const y = 372 + i * 62;
      return (
        chalkText(1200, y, v, { size: 42, anchor: "middle" }) +
        text(1246, y - 2, word, { size: 32, fill: C.chalk, opacity: 0.8 })
      );
    }),
  ].join("");

  // Ledge, chalk sticks and a felt eraser.
  const ledge = [
    rect(96, 806, 1408, 30, "#5a3a1e", { opacity: 0.3, filter: "url(#blur8)" }),
    rect(92, 786, 1416, 14, "url(#ledgeTop1)", { rx: 3 }),
    rect(92, 798, 1416, 18, C.woodDark, { rx: 3 }),
    ellipse(420, 782, 140, 6, C.chalk, { opacity: 0.25, filter: "url(#blur3)" }),
  ].join("");
  const chalkStick = (x: number, len: number, fill: string) =>
    rect(x, 772, len, 14, fill, { rx: 7 }) + rect(x, 772, len, 14, "url(#shadeB)", { rx: 7 });
  const items = [
    chalkStick(300, 84, "#f7f5ee"),
    chalkStick(404, 58, C.amber),
    chalkStick(478, 40, C.accentSoft),
    contactShadow(1100, 788, 90, 6, 0.3),
    rect(1020, 756, 160, 22, C.wood, { rx: 8 }),
    rect(1020, 756, 160, 22, "url(#hiTL)", { rx: 8 }),
    rect(1022, 774, 156, 12, "#4b4f55", { rx: 3 }),
  ].join("");

  // Snake plant in a terracotta pot, bottom right, to anchor the foreground. It stands clear
  // of the chalk writing and only overlaps the empty corner of the board.
  const px = 1488;
  const leaves = [
    [-30, -210, -10],
    [-6, -250, -3],
    [20, -225, 5],
    [40, -170, 13],
    [-48, -150, -16],
  ]
    .map(([dx = 0, h = 0, lean = 0], i) => {
      const x = px + dx;
      const d =
        `M${x - 14} 892C${x - 18 + lean} ${892 + h * 0.5} ${x - 5 + lean * 2} ${892 + h * 0.9} ` +
        `${x + lean * 2.4} ${892 + h}C${x + 7 + lean * 2} ${892 + h * 0.9} ` +
        `${x + 18 + lean} ${892 + h * 0.5} ${x + 14} 892Z`;
      const fill = i % 2 === 0 ? C.leaf : C.leafDark;
      return pathEl(d, fill) + pathEl(d, "url(#shadeR)");
    })
    .join("");
  const pot = `M${px - 66} 888h132l-13 100h-106z`;
  const plant = [
    contactShadow(px + 20, 990, 90, 10, 0.25),
    leaves,
    pathEl(pot, "url(#pot1)"),
    pathEl(pot, "url(#shadeR)"),
    rect(px - 74, 878, 148, 20, "#d98a47", { rx: 5 }),
    rect(px - 74, 878, 148, 7, "#f0b077", { rx: 4 }),
  ].join("");

  const body = [
    wall,
    frame,
    smudges,
    heading,
    chartLines,
    symbols,
    schwa,
    labels,
    keyPanel,
    ledge,
    items,
    plant,
    lightBeam("beam1", 120, 260, 0.12),
  ].join("");
  return { defs: defs.join(""), body };
}

// ---------------------------------------------------------------------------------------------
// Scene 2: a speech lab desk with Praat showing a waveform and a spectrogram.
// ---------------------------------------------------------------------------------------------

/** One segment of the synthetic utterance "linguistics" /lɪŋɡwɪstɪks/. */
type Segment = {
  ph: string;
  dur: number;
  kind: "sil" | "vowel" | "approx" | "nasal" | "closure" | "fric";
  formants?: readonly [number, number, number];
  voiced?: boolean;
  burst?: boolean;
};

const UTTERANCE: Segment[] = [
  { ph: "", dur: 0.012, kind: "sil" },
  { ph: "l", dur: 0.06, kind: "approx", formants: [380, 1150, 2650] },
  { ph: "ɪ", dur: 0.075, kind: "vowel", formants: [420, 1950, 2600] },
  { ph: "ŋ", dur: 0.07, kind: "nasal", formants: [300, 1750, 2450] },
  { ph: "ɡ", dur: 0.055, kind: "closure", voiced: true, burst: true },
  { ph: "w", dur: 0.05, kind: "approx", formants: [330, 720, 2250] },
  { ph: "ɪ", dur: 0.075, kind: "vowel", formants: [430, 1900, 2580] },
  { ph: "s", dur: 0.1, kind: "fric" },
  { ph: "t", dur: 0.055, kind: "closure", burst: true },
  { ph: "ɪ", dur: 0.07, kind: "vowel", formants: [440, 1880, 2560] },
  { ph: "k", dur: 0.055, kind: "closure", burst: true },
  { ph: "s", dur: 0.11, kind: "fric" },
  { ph: "", dur: 0.013, kind: "sil" },
];

type SegInfo = Segment & { start: number; end: number };

function segmentTimeline(): { segs: SegInfo[]; total: number } {
  let t = 0;
  const segs = UTTERANCE.map((s) => {
    const info = { ...s, start: t, end: t + s.dur };
    t += s.dur;
    return info;
  });
  return { segs, total: t };
}

/** Formants glide linearly between the midpoints of the sonorant segments. */
function formantsAt(segs: SegInfo[], t: number): [number, number, number] {
  const keys = segs
    .filter((s) => s.formants)
    .map((s) => ({ t: (s.start + s.end) / 2, f: s.formants ?? [0, 0, 0] }));
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (!first || !last) return [500, 1500, 2500];
  if (t <= first.t) return [...first.f];
  for (let i = 1; i < keys.length; i++) {
    const a = keys[i - 1];
    const b = keys[i];
    if (a && b && t <= b.t) {
      const k = (t - a.t) / (b.t - a.t);
      return [0, 1, 2].map((j) => (a.f[j] ?? 0) + ((b.f[j] ?? 0) - (a.f[j] ?? 0)) * k) as [
        number,
        number,
        number,
      ];
    }
  }
  return [...last.f];
}

/** Spectral energy (0..1) at time t (s) and frequency f (Hz), a caricature of real speech. */
function energyAt(seg: SegInfo, segs: SegInfo[], t: number, f: number): number {
  const edge = Math.min(1, (t - seg.start) / 0.012, (seg.end - t) / 0.012);
  const ramp = 0.55 + 0.45 * Math.max(0, edge);
  const formantSum = (amps: readonly number[]) => {
    const fs = formantsAt(segs, t);
    const bw = [210, 250, 300];
    return fs.reduce((acc, fi, i) => {
      const z = (f - fi) / (bw[i] ?? 200);
      return acc + (amps[i] ?? 0) * Math.exp(-z * z);
    }, 0);
  };
  const voiceBar = (a: number) => a * Math.exp(-(((f - 150) / 140) ** 2));
  // A weak, fixed F4 and a sloping floor of harmonics fill in the voiced spectrum.
  const f4 = (a: number) => a * Math.exp(-(((f - 3500) / 320) ** 2));
  switch (seg.kind) {
    case "vowel":
      return (
        ramp * (formantSum([1, 0.9, 0.65]) + f4(0.4) + voiceBar(0.8) + 0.3 * Math.exp(-f / 1700))
      );
    case "approx":
      return (
        ramp *
        (formantSum([0.9, 0.65, 0.45]) + f4(0.25) + voiceBar(0.7) + 0.2 * Math.exp(-f / 1300))
      );
    case "nasal":
      return ramp * (formantSum([1, 0.3, 0.25]) + voiceBar(0.9) + 0.1 * Math.exp(-f / 1000));
    case "fric": {
      const hi = 1 / (1 + Math.exp(-(f - 3700) / 380));
      return ramp * 0.8 * hi;
    }
    case "closure": {
      const inBurst = seg.burst && seg.end - t < 0.008;
      if (inBurst) return 0.3 + 0.25 * (f / 5000);
      return seg.voiced ? voiceBar(0.5) : 0;
    }
    default:
      return 0;
  }
}

/** Praat-style grey spectrogram as a grid of small rects, plus red formant-track dots. */
function spectrogram(x0: number, y0: number, w: number, h: number): string {
  const rnd = mulberry32(2024);
  const { segs, total } = segmentTimeline();
  const cols = Math.round(w / 5);
  const rows = Math.round(h / 4);
  const cw = w / cols;
  const rh = h / rows;
  const cells: string[] = [];
  const dots: string[] = [];
  for (let c = 0; c < cols; c++) {
    const t = ((c + 0.5) / cols) * total;
    const seg = segs.find((s) => t >= s.start && t < s.end);
    if (!seg) continue;
    for (let r = 0; r < rows; r++) {
      const f = (1 - (r + 0.5) / rows) * 5000;
      const e = energyAt(seg, segs, t, f) * (0.75 + 0.45 * rnd());
      const v = Math.min(1, e) ** 0.75;
      if (v < 0.07) continue;
      cells.push(rect(x0 + c * cw, y0 + r * rh, cw + 0.6, rh + 0.6, C.ink, { opacity: r1(v) }));
    }
    const sonorant = seg.kind === "vowel" || seg.kind === "approx" || seg.kind === "nasal";
    if (sonorant && c % 2 === 0) {
      for (const f of formantsAt(segs, t)) {
        dots.push(circle(x0 + (c + 0.5) * cw, y0 + (1 - f / 5000) * h, 2.6, "#e0502f"));
      }
    }
  }
  // A light blur merges the cells into the smooth look of a real spectrogram.
  return group(cells.join(""), { filter: "url(#blur1)" }) + dots.join("");
}

/** Waveform polyline that follows the same segments as the spectrogram. */
function waveform(x0: number, yMid: number, w: number, amp: number): string {
  const rnd = mulberry32(99);
  const { segs, total } = segmentTimeline();
  const pts: string[] = [];
  const n = Math.round(w / 1.25);
  for (let i = 0; i <= n; i++) {
    const t = (i / n) * total;
    const seg = segs.find((s) => t >= s.start && t < s.end) ?? segs[segs.length - 1];
    if (!seg) continue;
    const edge = Math.max(0, Math.min(1, (t - seg.start) / 0.015, (seg.end - t) / 0.015));
    const env = 0.35 + 0.65 * edge;
    const phase = 2 * Math.PI * 125 * t;
    const periodic = 0.62 * Math.sin(phase) + 0.3 * Math.sin(2 * phase + 1) + 0.12 * (rnd() - 0.5);
    const noise = rnd() * 2 - 1;
    let v = 0;
    if (seg.kind === "vowel") v = env * periodic;
    else if (seg.kind === "approx") v = env * 0.6 * periodic;
    else if (seg.kind === "nasal") v = env * 0.42 * periodic;
    else if (seg.kind === "fric") v = env * 0.3 * noise;
    else if (seg.kind === "closure") {
      const inBurst = seg.burst && seg.end - t < 0.01;
      v = inBurst ? 0.7 * noise : seg.voiced ? 0.08 * Math.sin(phase) : 0.01 * noise;
    }
    pts.push(`${r1(x0 + (i / n) * w)},${r1(yMid - v * amp)}`);
  }
  return el("polyline", {
    points: pts.join(" "),
    fill: "none",
    stroke: C.primaryDark,
    "stroke-width": 1.4,
    "stroke-linejoin": "round",
  });
}

/** The Praat SoundEditor window filling the monitor screen. */
function praatWindow(sx: number, sy: number, sw: number, sh: number): string {
  const { segs, total } = segmentTimeline();
  const plotX = sx + 96;
  const plotW = sw - 118;
  const waveTop = sy + 50;
  const waveH = 112;
  const specTop = waveTop + waveH + 10;
  const specH = 198;
  const tierTop = specTop + specH + 10;
  const tierH = 44;
  const xAt = (t: number) => plotX + (t / total) * plotW;
  const sel = segs[6];
  const small = { size: 20, fill: C.slate } as const;

  const parts: string[] = [
    rect(sx, sy, sw, sh, "#f7f9fb"),
    // Title bar.
    rect(sx, sy, sw, 36, "#dfe6ec"),
    circle(sx + 22, sy + 18, 7, "#e26d5a"),
    circle(sx + 44, sy + 18, 7, C.amber),
    circle(sx + 66, sy + 18, 7, "#6cbf84"),
    text(sx + sw / 2, sy + 25, "Praat · SoundEditor · linguistics.wav", {
      ...small,
      anchor: "middle",
    }),
    rect(plotX, waveTop, plotW, waveH, C.white, { stroke: C.line }),
    rect(plotX, specTop, plotW, specH, C.white, { stroke: C.line }),
  ];
  // Current selection (the second /ɪ/) highlighted as in Praat.
  if (sel) {
    const x = xAt(sel.start);
    const wSel = xAt(sel.end) - x;
    parts.push(rect(x, waveTop, wSel, specH + waveH + 10, "#f9d8d2", { opacity: 0.7 }));
  }
  parts.push(
    line(plotX, waveTop + waveH / 2, plotX + plotW, waveTop + waveH / 2, C.line, {
      "stroke-width": 1,
    }),
    waveform(plotX, waveTop + waveH / 2, plotW, waveH * 0.44),
    spectrogram(plotX, specTop, plotW, specH),
    text(plotX - 10, specTop + 18, "5 kHz", { ...small, anchor: "end" }),
    text(plotX - 10, specTop + specH, "0 Hz", { ...small, anchor: "end" }),
    text(plotX - 10, waveTop + waveH / 2 + 7, "Pa", { ...small, anchor: "end" }),
  );
  // TextGrid: a phone tier and a word tier with boundaries at the segment edges.
  const phoneTop = tierTop;
  const wordTop = tierTop + tierH + 4;
  parts.push(
    rect(plotX, phoneTop, plotW, tierH, C.white, { stroke: C.line }),
    rect(plotX, wordTop, plotW, tierH, C.white, { stroke: C.line }),
    text(plotX - 10, phoneTop + 29, "phone", { ...small, anchor: "end" }),
    text(plotX - 10, wordTop + 29, "word", { ...small, anchor: "end" }),
  );
  for (const s of segs) {
    if (!s.ph) continue;
    const xa = xAt(s.start);
    const xb = xAt(s.end);
    parts.push(
      line(xa, specTop, xa, phoneTop + tierH, C.accent, {
        "stroke-width": 1.2,
        "stroke-dasharray": "3 4",
        opacity: 0.8,
      }),
      line(xa, phoneTop, xa, phoneTop + tierH, C.accent, { "stroke-width": 2 }),
      line(xb, phoneTop, xb, phoneTop + tierH, C.accent, { "stroke-width": 2 }),
      text((xa + xb) / 2, phoneTop + 31, s.ph, { size: 26, fill: C.ink, anchor: "middle" }),
    );
  }
  const first = segs[1];
  const last = segs[segs.length - 2];
  if (first && last) {
    const xa = xAt(first.start);
    const xb = xAt(last.end);
    parts.push(
      line(xa, wordTop, xa, wordTop + tierH, C.accent, { "stroke-width": 2 }),
      line(xb, wordTop, xb, wordTop + tierH, C.accent, { "stroke-width": 2 }),
      text((xa + xb) / 2, wordTop + 31, "linguistics", {
        size: 26,
        fill: C.ink,
        anchor: "middle",
        italic: true,
      }),
    );
  }
  return parts.join("");
}

function spectrogramScene(): Scene {
  const defs = [
    gradient("wall2", [
      [0, "#eaf2f8"],
      [1, "#d9e6ef"],
    ]),
    gradient("desk2", [
      [0, "#ead6b8"],
      [1, "#d9bd95"],
    ]),
    gradient("sky2", [
      [0, "#bfe0f4"],
      [1, "#f3f9fc"],
    ]),
    gradient(
      "bezel2",
      [
        [0, "#34424e"],
        [1, "#1b252e"],
      ],
      { x2: 1, y2: 1 },
    ),
    gradient(
      "metal2",
      [
        [0, "#e9eef2"],
        [0.5, "#b8c3cc"],
        [1, "#8a98a4"],
      ],
      { x2: 1, y2: 0 },
    ),
    gradient(
      "mug2",
      [
        [0, "#f6b75c"],
        [1, "#d9842a"],
      ],
      { x2: 1, y2: 0 },
    ),
    gradient(
      "cup2",
      [
        [0, "#3b8fc2"],
        [1, C.primaryDark],
      ],
      { x2: 1, y2: 0 },
    ),
    gradient(
      "glare2",
      [
        [0, "#fff", 0.16],
        [0.45, "#fff", 0],
      ],
      { x2: 1, y2: 1 },
    ),
    beamGradient("beam2"),
    blurFilter("blur1", 1.5),
    el("clipPath", { id: "glass2" }, rect(86, 72, 268, 298, "#fff")),
  ];

  // Window with Southern California palms, and its light on the wall.
  const win = [
    rect(84, 72, 300, 330, "#000", { opacity: 0.1, filter: "url(#blur8)" }),
    rect(70, 56, 300, 330, C.white, { rx: 6 }),
    rect(86, 72, 268, 298, "url(#sky2)"),
    group(
      [
        ellipse(260, 372, 170, 34, C.accentSoft, { opacity: 0.6 }),
        palm(150, 372, 170, 0.45),
        palm(268, 372, 120, 0.3),
      ].join(""),
      { "clip-path": "url(#glass2)" },
    ),
    rect(216, 72, 8, 298, C.white),
    rect(86, 214, 268, 8, C.white),
    rect(60, 380, 320, 14, "#f4f7f9", { rx: 3 }),
  ].join("");

  // Bookshelf on the right wall.
  const books: string[] = [];
  const bookColors = [C.primary, C.amber, C.accent, C.slate, C.sand, C.primaryDark, C.accentSoft];
  let bxp = 1262;
  const rndB = mulberry32(5);
  for (let i = 0; i < 7; i++) {
    const bw = 24 + Math.round(rndB() * 16);
    const bh = 104 + Math.round(rndB() * 46);
    const fill = bookColors[i % bookColors.length] ?? C.primary;
    books.push(rect(bxp, 336 - bh, bw, bh, fill, { rx: 3 }));
    books.push(rect(bxp, 336 - bh, bw, bh, "url(#shadeR)", { rx: 3 }));
    books.push(rect(bxp + 4, 336 - bh + 16, bw - 8, 5, "#fff", { opacity: 0.45 }));
    bxp += bw + 3;
  }
  const shelf = [
    rect(1246, 344, 310, 26, "#000", { opacity: 0.12, filter: "url(#blur8)" }),
    ...books,
    // A small potted plant finishes the shelf.
    ...[-34, -12, 12, 34].map((a, i) =>
      ellipse(bxp + 40, 252, 10, 36, i % 2 ? C.leaf : C.leafDark, {
        transform: `rotate(${a} ${bxp + 40} 288)`,
      }),
    ),
    pathEl(`M${bxp + 14} 286h52l-6 50h-40z`, C.primary),
    pathEl(`M${bxp + 14} 286h52l-6 50h-40z`, "url(#shadeR)"),
    rect(1240, 336, 320, 12, "#f7f2ea", { rx: 2 }),
    rect(1240, 346, 320, 6, "#d8ccbb"),
  ].join("");

  // Desk surface and its shadow on the wall.
  const desk = [
    rect(0, 722, W, 28, "#000", { opacity: 0.12, filter: "url(#blur8)" }),
    rect(0, 735, W, 265, "url(#desk2)"),
    rect(0, 735, W, 5, "#f3e5cf"),
    ...[0, 1, 2].map((i) =>
      pathEl(
        `M0 ${800 + i * 70}C400 ${780 + i * 70} 900 ${830 + i * 70} ${W} ${795 + i * 70}`,
        "none",
        { stroke: "#c7a57a", "stroke-width": 2, opacity: 0.25 },
      ),
    ),
  ].join("");

  // Monitor with Praat on screen.
  const mx = 420;
  const my = 88;
  const mw = 760;
  const mh = 530;
  const monitor = [
    rect(mx + 24, my + 30, mw, mh, "#000", { opacity: 0.2, filter: "url(#blur16)" }),
    contactShadow(830, 748, 160, 12, 0.3),
    pathEl("M770 612h60l12 128h-84z", "url(#metal2)"),
    rect(690, 730, 220, 16, "url(#metal2)", { rx: 8 }),
    rect(mx, my, mw, mh, "url(#bezel2)", { rx: 18 }),
    praatWindow(mx + 16, my + 16, mw - 32, mh - 32),
    rect(mx + 16, my + 16, mw - 32, mh - 32, "url(#glare2)"),
  ].join("");

  // Keyboard and mouse.
  const keys: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let k = 0; k < 14; k++) {
      keys.push(rect(588 + k * 31.5 + row * 3, 800 + row * 15, 27, 11, "#f4f6f8", { rx: 2 }));
    }
  }
  const keyboard = [
    contactShadow(820, 872, 250, 10, 0.22),
    pathEl("M572 792h472l14 74h-500z", "#c9d2d9"),
    pathEl("M558 866h500v8h-500z", "#a9b5bf"),
    ...keys,
    contactShadow(1120, 866, 36, 8, 0.22),
    ellipse(1110, 846, 26, 36, "#e6ebef"),
    ellipse(1110, 846, 26, 36, "url(#shadeR)"),
  ].join("");

  // Studio microphone on a desk stand with a pop filter, left of the monitor.
  const grille: string[] = [];
  for (let y = 432; y < 520; y += 9)
    grille.push(line(204, y, 276, y, "#7f8c97", { "stroke-width": 2 }));
  const mic = [
    contactShadow(270, 884, 110, 14, 0.25),
    ellipse(240, 872, 92, 18, "#2a3640"),
    ellipse(240, 866, 92, 18, "#3b4955"),
    rect(233, 610, 14, 258, "url(#metal2)"),
    pathEl("M196 560h88v40a44 44 0 0 1-88 0z", "none", {
      stroke: "#2a3640",
      "stroke-width": 8,
    }),
    rect(200, 410, 80, 190, "url(#metal2)", { rx: 40 }),
    rect(204, 414, 72, 110, "#c9d3da", { rx: 36 }),
    ...grille,
    rect(200, 410, 80, 190, "url(#hiTL)", { rx: 40 }),
    rect(200, 526, 80, 10, C.primary),
    // Pop filter on a gooseneck.
    pathEl("M247 700C300 690 330 600 330 548", "none", { stroke: "#2a3640", "stroke-width": 5 }),
    circle(338, 476, 60, C.white, { opacity: 0.18 }),
    circle(338, 476, 60, "none", { stroke: "#2a3640", "stroke-width": 7 }),
    circle(338, 476, 52, "none", { stroke: "#2a3640", "stroke-width": 1.5, opacity: 0.4 }),
  ].join("");

  // A mug with a schwa on it, and a wisp of steam.
  const mug = [
    contactShadow(424, 926, 70, 10, 0.28),
    pathEl("M452 838c40 0 40 58 0 58", "none", { stroke: C.amberDark, "stroke-width": 12 }),
    pathEl("M364 820h96v88a18 18 0 0 1-18 18h-60a18 18 0 0 1-18-18z", "url(#mug2)"),
    ellipse(412, 820, 48, 10, "#8a5622"),
    ellipse(412, 820, 48, 10, "none", { stroke: "#f8c47c", "stroke-width": 3 }),
    text(410, 890, "ə", { size: 52, fill: C.white, anchor: "middle", weight: "bold" }),
    pathEl("M400 800c-14-20 14-30 0-52s12-30 4-46", "none", {
      stroke: C.white,
      "stroke-width": 5,
      opacity: 0.7,
    }),
    pathEl("M424 796c-10-16 12-24 2-40", "none", {
      stroke: C.white,
      "stroke-width": 4,
      opacity: 0.5,
    }),
  ].join("");

  // Over-ear headphones standing on the desk at the right.
  const cup = (x: number) =>
    rect(x, 796, 64, 112, "url(#cup2)", { rx: 28 }) +
    rect(x, 796, 64, 112, "url(#hiTL)", { rx: 28 });
  const headphones = [
    contactShadow(1412, 912, 130, 12, 0.28),
    pathEl("M1296 816C1290 640 1520 640 1514 816", "none", {
      stroke: C.primaryDeep,
      "stroke-width": 20,
      "stroke-linecap": "round",
    }),
    pathEl("M1306 800C1304 676 1506 676 1504 800", "none", {
      stroke: C.amber,
      "stroke-width": 8,
      "stroke-linecap": "round",
    }),
    rect(1318, 810, 24, 88, "#2a3640", { rx: 10 }),
    rect(1470, 810, 24, 88, "#2a3640", { rx: 10 }),
    cup(1262),
    cup(1486),
  ].join("");

  // A sticky note on the monitor bezel: a lab reminder.
  const note = group(
    [
      rect(4, 6, 150, 104, "#000", { opacity: 0.15, filter: "url(#blur3)" }),
      rect(0, 0, 150, 104, C.amberSoft),
      rect(0, 0, 150, 16, C.amber, { opacity: 0.6 }),
      text(14, 48, "F1 ≈ 420", { size: 22, fill: C.ink }),
      text(14, 82, "F2 ≈ 1900", { size: 22, fill: C.ink }),
    ].join(""),
    { transform: "translate(1090 560) rotate(5)" },
  );

  const body = [
    rect(0, 0, W, H, "url(#wall2)"),
    win,
    shelf,
    desk,
    monitor,
    note,
    keyboard,
    mic,
    mug,
    headphones,
    lightBeam("beam2", 100, 280, 0.14),
  ].join("");
  return { defs: defs.join(""), body };
}

/** A stylised palm silhouette (for the window view); `s` scales it. */
function palm(x: number, baseY: number, h: number, s: number): string {
  const topY = baseY - h;
  const trunk = pathEl(
    `M${x - 5} ${baseY}C${x - 2} ${baseY - h * 0.5} ${x + 10} ${topY + 30} ${x + 6} ${topY}` +
      `h6C${x + 18} ${topY + 30} ${x + 6} ${baseY - h * 0.5} ${x + 5} ${baseY}z`,
    C.accent,
    { opacity: 0.55 },
  );
  const fronds = [-150, -115, -75, -35, -5]
    .map((a) => {
      const len = 70 * s + 30;
      return ellipse(x + 9, topY, len, 9, C.accent, {
        opacity: 0.55,
        transform: `rotate(${a} ${x + 9} ${topY}) translate(${len * 0.8} 0)`,
      });
    })
    .join("");
  return trunk + fronds;
}

// ---------------------------------------------------------------------------------------------
// Scene 3: whiteboard with the syntax tree of "Colorless green ideas sleep furiously".
// ---------------------------------------------------------------------------------------------
type TreeNode = { label: string; x: number; y: number; word?: string; kids?: TreeNode[] };

function syntaxScene(): Scene {
  const defs = [
    gradient("wall3", [
      [0, "#eef3f6"],
      [1, "#dde6ec"],
    ]),
    gradient(
      "alu3",
      [
        [0, "#e7ebee"],
        [1, "#a7b2ba"],
      ],
      { x2: 1, y2: 1 },
    ),
    gradient(
      "wb3",
      [
        [0, "#ffffff"],
        [1, "#eef2f5"],
      ],
      { x2: 1, y2: 1 },
    ),
    gradient("table3", [
      [0, "#e8d4b4"],
      [1, "#d4b68b"],
    ]),
    beamGradient("beam3"),
  ];

  const bx = 100;
  const by = 58;
  const bw = 1400;
  const bh = 742;
  const board = [
    rect(bx + 18, by + 24, bw, bh, "#203040", { opacity: 0.22, filter: "url(#blur16)" }),
    rect(bx, by, bw, bh, "url(#alu3)", { rx: 10 }),
    rect(bx + 16, by + 16, bw - 32, bh - 32, "url(#wb3)", { rx: 3 }),
    // Glossy streaks where the window light hits the board.
    pathEl("M420 74h170L330 784H160z", C.white, { opacity: 0.55 }),
    pathEl("M640 74h60L440 784h-60z", C.white, { opacity: 0.5 }),
    // Ghosts of old marker, half-erased.
    ellipse(1000, 236, 120, 26, C.gray, {
      opacity: 0.07,
      filter: "url(#blur16)",
      transform: "rotate(-6 1000 236)",
    }),
    ellipse(760, 760, 180, 20, C.gray, { opacity: 0.06, filter: "url(#blur16)" }),
  ].join("");

  const tree: TreeNode = {
    label: "S",
    x: 620,
    y: 282,
    kids: [
      {
        label: "NP",
        x: 390,
        y: 380,
        kids: [
          { label: "Adj", x: 232, y: 496, word: "colorless" },
          {
            label: "N′",
            x: 530,
            y: 496,
            kids: [
              { label: "Adj", x: 446, y: 596, word: "green" },
              { label: "N", x: 618, y: 596, word: "ideas" },
            ],
          },
        ],
      },
      {
        label: "VP",
        x: 880,
        y: 380,
        kids: [
          { label: "V", x: 790, y: 496, word: "sleep" },
          {
            label: "AdvP",
            x: 996,
            y: 496,
            kids: [{ label: "Adv", x: 996, y: 596, word: "furiously" }],
          },
        ],
      },
    ],
  };
  const wordY = 696;
  const marker = { stroke: C.ink, "stroke-width": 4.5, opacity: 0.9 } as const;
  const drawTree = (n: TreeNode): string => {
    const parts = [
      text(n.x, n.y, n.label, { size: 38, fill: C.ink, weight: "bold", anchor: "middle" }),
    ];
    for (const k of n.kids ?? []) {
      parts.push(line(n.x, n.y + 14, k.x, k.y - 40, C.ink, marker), drawTree(k));
    }
    if (n.word) {
      parts.push(
        line(n.x, n.y + 14, n.x, wordY - 40, C.ink, marker),
        text(n.x, wordY, n.word, { size: 36, fill: C.primary, italic: true, anchor: "middle" }),
      );
    }
    return parts.join("");
  };

  const heading = [
    text(160, 150, "Syntax Study Session", { size: 50, fill: C.primary, weight: "bold" }),
    text(162, 196, "grammatical ≠ meaningful (Chomsky 1957)", { size: 28, fill: C.slate }),
    text(160, 762, "cf. *Furiously sleep ideas green colorless.", {
      size: 30,
      fill: C.amberDark,
      italic: true,
    }),
  ].join("");

  // Phrase-structure rules, boxed in marker at the top right.
  const rules = ["S → NP VP", "NP → Adj N′", "N′ → Adj N", "VP → V AdvP"];
  const ruleBox = [
    rect(1166, 112, 290, 214, "none", {
      stroke: C.accent,
      "stroke-width": 4,
      rx: 14,
      opacity: 0.9,
    }),
    ...rules.map((s, i) => text(1192, 168 + i * 44, s, { size: 30, fill: C.ink })),
  ].join("");

  const sticky = (
    x: number,
    y: number,
    rot: number,
    fill: string,
    band: string,
    lines: string[],
  ): string =>
    group(
      [
        pathEl("M8 14h222l4 180c-60 8-150 10-222 2z", "#1c2a36", {
          opacity: 0.22,
          filter: "url(#blur8)",
        }),
        rect(0, 0, 230, 190, fill),
        rect(0, 0, 230, 30, band, { opacity: 0.55 }),
        rect(0, 0, 230, 190, "url(#shadeB)", { opacity: 0.6 }),
        ...lines.map((s, i) => text(20, 76 + i * 40, s, { size: 27, fill: C.ink })),
      ].join(""),
      { transform: `translate(${x} ${y}) rotate(${rot})` },
    );
  const notes =
    sticky(1180, 352, -3.5, "#fbd48c", C.amber, ["Quiz Thursday:", "X-bar theory", "+ c-command"]) +
    sticky(1208, 562, 3, "#cfe6f5", C.accent, ["Is “green” an", "AdjP or an Adj?", "→ ask in OH"]);

  // Marker tray with markers and an eraser.
  const markerPen = (x: number, fill: string) =>
    rect(x, 800, 118, 18, "#f5f7f9", { rx: 9 }) +
    rect(x + 84, 799, 40, 20, fill, { rx: 8 }) +
    rect(x, 800, 124, 18, "url(#shadeB)", { rx: 9 });
  const tray = [
    rect(150, 818, 1300, 26, "#203040", { opacity: 0.2, filter: "url(#blur8)" }),
    rect(140, 812, 1320, 12, "url(#alu3)", { rx: 3 }),
    markerPen(320, C.primary),
    markerPen(468, C.ink),
    markerPen(616, C.amber),
    rect(1160, 788, 150, 28, C.slate, { rx: 6 }),
    rect(1160, 806, 150, 10, "#e9ecef", { rx: 3 }),
  ].join("");

  // Foreground table edge with an open notebook and a paper coffee cup.
  const notebookLines = [0, 1, 2, 3]
    .map((i) => line(310, 934 + i * 14, 440, 934 + i * 14, C.line, { "stroke-width": 3 }))
    .concat(
      [0, 1, 2, 3].map((i) =>
        line(486, 934 + i * 14, 600 - i * 14, 934 + i * 14, C.line, { "stroke-width": 3 }),
      ),
    )
    .join("");
  const table = [
    rect(0, 900, W, 100, "url(#table3)"),
    rect(0, 900, W, 5, "#f2e4cd"),
    contactShadow(470, 996, 200, 10, 0.2),
    pathEl("M290 918h170l10 82H276z", C.white),
    pathEl("M470 918h170l12 82H470z", "#f5f6f7"),
    line(468, 918, 470, 1000, C.line, { "stroke-width": 2 }),
    notebookLines,
    contactShadow(1302, 990, 60, 8, 0.25),
    pathEl("M1236 880h110l-12 118h-86z", C.white),
    pathEl("M1236 880h110l-12 118h-86z", "url(#shadeR)"),
    pathEl("M1240 916h102l-5 44h-92z", C.primary),
    rect(1228, 866, 126, 18, C.slate, { rx: 6 }),
    text(1291, 948, "ə", { size: 30, fill: C.white, anchor: "middle", weight: "bold" }),
  ].join("");

  const body = [
    rect(0, 0, W, H, "url(#wall3)"),
    board,
    heading,
    drawTree(tree),
    ruleBox,
    notes,
    tray,
    table,
    lightBeam("beam3", 80, 300, 0.1),
  ].join("");
  return { defs: defs.join(""), body };
}

// ---------------------------------------------------------------------------------------------
// Scene 4: SCULC poster session with posters and visitors.
// ---------------------------------------------------------------------------------------------
type Chart = "vowels" | "bars" | "pitch" | "donut";
type PosterSpec = { title: [string, string]; color: string; chart: Chart };

function posterChart(kind: Chart, x: number, y: number, w: number, h: number): string {
  const axes =
    line(x, y + h, x + w, y + h, C.slate, { "stroke-width": 2 }) +
    line(x, y, x, y + h, C.slate, { "stroke-width": 2 });
  switch (kind) {
    case "vowels": {
      const ell = (cx: number, cy: number, fill: string) =>
        ellipse(cx, cy, 24, 15, fill, { opacity: 0.35 }) + circle(cx, cy, 3.5, fill);
      return (
        axes +
        ell(x + 30, y + 30, C.primary) +
        ell(x + 78, y + 34, C.amberDark) +
        ell(x + 56, y + 82, C.accent) +
        ell(x + 86, y + 76, C.primary)
      );
    }
    case "bars": {
      const vals = [0.55, 0.8, 0.35, 0.65, 0.9];
      return (
        axes +
        vals
          .map((v, i) =>
            rect(x + 10 + i * 22, y + h - v * h, 15, v * h, i % 2 ? C.amber : C.primary),
          )
          .join("")
      );
    }
    case "pitch": {
      // Two pitch contours (citation tone vs. sandhi tone) as smooth curves.
      const curve = (y0: number, c1: number, c2: number, y1: number) =>
        `M${x + 6} ${y + y0}C${x + 40} ${y + c1} ${x + 75} ${y + c2} ${x + w - 6} ${y + y1}`;
      const d1 = curve(70, 10, 90, 30);
      const d2 = curve(40, 60, 20, 80);
      return (
        axes +
        pathEl(d1, "none", { stroke: C.primary, "stroke-width": 4 }) +
        pathEl(d2, "none", { stroke: C.amberDark, "stroke-width": 4, "stroke-dasharray": "8 6" })
      );
    }
    case "donut": {
      const cx = x + w / 2;
      const cy = y + h / 2;
      const rr = 36;
      const circ = 2 * Math.PI * rr;
      const seg = (from: number, frac: number, stroke: string) =>
        circle(cx, cy, rr, "none", {
          stroke,
          "stroke-width": 22,
          "stroke-dasharray": `${r1(frac * circ)} ${r1(circ)}`,
          transform: `rotate(${-90 + from * 360} ${cx} ${cy})`,
        });
      return seg(0, 0.46, C.primary) + seg(0.46, 0.32, C.amber) + seg(0.78, 0.22, C.accentSoft);
    }
  }
}

function poster(x: number, y: number, spec: PosterSpec): string {
  const w = 264;
  const h = 350;
  const rnd = mulberry32(x);
  const bars = (bx: number, by: number, bw: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const lw = i % 5 === 4 ? bw * 0.55 : bw * (0.82 + rnd() * 0.18);
      return rect(bx, by + i * 15, lw, 6, C.line, { rx: 3 });
    }).join("");
  return [
    rect(x + 6, y + 8, w, h, "#000", { opacity: 0.15, filter: "url(#blur3)" }),
    rect(x, y, w, h, C.white),
    rect(x, y, w, 82, spec.color),
    text(x + 16, y + 34, spec.title[0], { size: 23, fill: C.white, weight: "bold" }),
    text(x + 16, y + 64, spec.title[1], { size: 23, fill: C.white, weight: "bold" }),
    rect(x + 16, y + 96, 150, 8, C.gray, { rx: 4, opacity: 0.7 }),
    bars(x + 16, y + 124, 104, 14),
    posterChart(spec.chart, x + 140, y + 122, 108, 100),
    bars(x + 140, y + 244, 108, 7),
  ].join("");
}

/** Poster board on legs, with the poster pinned in the middle. */
function posterBoard(cx: number, spec: PosterSpec): string {
  const x = cx - 160;
  const top = 262;
  return [
    contactShadow(cx + 20, 798, 190, 10, 0.18),
    rect(x + 30, 700, 12, 96, "#7c8d99"),
    rect(x + 278, 700, 12, 96, "#7c8d99"),
    rect(x + 16, 790, 40, 8, "#5f6f7b", { rx: 3 }),
    rect(x + 264, 790, 40, 8, "#5f6f7b", { rx: 3 }),
    rect(x, top, 320, 440, "#c5d3de", { rx: 6 }),
    rect(x + 8, top + 8, 304, 424, "#d8e2ea", { rx: 3 }),
    rect(x, top, 320, 440, "url(#shadeR)", { rx: 6 }),
    poster(cx - 132, top + 44, spec),
  ].join("");
}

type Person = {
  x: number;
  feet: number;
  s: number;
  shirt: string;
  pants: string;
  skin: string;
  hair: string;
  style: "short" | "long" | "bun" | "curly";
  front?: boolean;
  point?: boolean;
  programme?: boolean;
  skirt?: boolean;
};

/** A faceless, flat figure drawn at the origin (feet) and placed with a transform. */
function person(p: Person): string {
  const parts: string[] = [contactShadow(34, -4, 70, 10, 0.22)];
  // Legs and shoes (or a skirt over them).
  if (p.skirt) {
    parts.push(
      rect(-24, -120, 16, 112, p.skin),
      rect(8, -120, 16, 112, p.skin),
      pathEl("M-44 -180h88l14 80h-116z", p.pants),
      pathEl("M-44 -180h88l14 80h-116z", "url(#shadeR)"),
    );
  } else {
    parts.push(
      rect(-32, -182, 28, 174, p.pants, { rx: 10 }),
      rect(4, -182, 28, 174, p.pants, { rx: 10 }),
      rect(-32, -182, 64, 174, "url(#shadeR)", { rx: 10 }),
    );
  }
  parts.push(ellipse(-18, -8, 21, 9, "#2b2f36"), ellipse(20, -8, 21, 9, "#2b2f36"));
  // Arms behind the torso; the pointing presenter raises one towards the poster.
  const arm = (d: string) =>
    pathEl(d, "none", { stroke: p.shirt, "stroke-width": 24, "stroke-linecap": "round" }) +
    pathEl(d, "none", {
      stroke: "#000",
      "stroke-width": 24,
      "stroke-linecap": "round",
      opacity: 0.1,
    });
  if (p.point) {
    parts.push(arm("M-40 -318L-96 -278L-150 -330"), circle(-156, -336, 12, p.skin));
  } else {
    parts.push(arm("M-42 -318L-54 -200"), circle(-55, -188, 12, p.skin));
  }
  parts.push(arm("M42 -318L54 -200"));
  if (p.programme) {
    // A conference programme held at the side, where it stays visible from behind.
    parts.push(
      rect(46, -236, 44, 62, C.amber, { rx: 3, transform: "rotate(8 68 -205)" }),
      rect(52, -222, 32, 6, C.white, { transform: "rotate(8 68 -205)" }),
    );
  }
  parts.push(circle(55, -188, 12, p.skin));
  // Torso, neck and head.
  const torso = "M-50 -318C-50 -338 -36 -344 -18 -344H18C36 -344 50 -338 50 -318L44 -172H-44Z";
  parts.push(pathEl(torso, p.shirt), pathEl(torso, "url(#shadeR)"));
  parts.push(rect(-10, -362, 20, 22, p.skin));
  if (p.front) {
    // Lanyard and name badge for the presenter.
    parts.push(
      pathEl("M-16 -342L0 -290L16 -342", "none", { stroke: C.primaryDeep, "stroke-width": 4 }),
      rect(-18, -292, 36, 26, C.amber, { rx: 4 }),
      rect(-12, -284, 24, 5, C.white),
    );
  }
  const hy = -390;
  const longHair = rect(-33, hy - 10, 66, 96, p.hair, { rx: 30 });
  // Long hair frames the face from the front but falls over the nape from behind.
  if (p.style === "long" && p.front) parts.push(longHair);
  parts.push(circle(0, hy, 32, p.skin));
  if (p.style === "long" && !p.front) parts.push(longHair);
  // Seen from the front, hair is a cap with a side-swept fringe; from behind it covers the
  // head down to the nape.
  const hair = p.front
    ? `M-34 ${hy + 2}A34 34 0 0 1 34 ${hy + 2}Q6 ${hy - 18} -34 ${hy + 2}Z`
    : `M-33 ${hy}A33 33 0 0 1 33 ${hy}L31 ${hy + 16}Q0 ${hy + 28} -31 ${hy + 16}Z`;
  parts.push(pathEl(hair, p.hair));
  if (p.style === "bun") parts.push(circle(0, hy - 38, 15, p.hair));
  if (p.style === "curly") {
    for (const a of [-150, -115, -80, -45, -10]) {
      const rad = (a * Math.PI) / 180;
      parts.push(circle(33 * Math.cos(rad), hy + 33 * Math.sin(rad), 13, p.hair));
    }
  }
  parts.push(circle(0, hy, 32, "url(#shadeR)"));
  return group(parts.join(""), { transform: `translate(${p.x} ${p.feet}) scale(${p.s})` });
}

function posterScene(): Scene {
  const defs = [
    gradient("wall4", [
      [0, "#f4f7fa"],
      [1, "#e3ebf1"],
    ]),
    gradient("floor4", [
      [0, "#d6e0e7"],
      [1, "#c3d0da"],
    ]),
    gradient("banner4", [
      [0, "#2479a3"],
      [1, C.primaryDark],
    ]),
    radial("lamp4", [
      [0, "#ffe9c2", 0.95],
      [1, "#ffe9c2", 0],
    ]),
    beamGradient("beam4"),
  ];

  // Hall: back wall with tall panels, a skirting board and a polished floor.
  const hall = [
    rect(0, 0, W, H, "url(#wall4)"),
    rect(0, 0, W, 36, "#d7e0e7"),
    ...Array.from({ length: 9 }, (_, i) =>
      rect(i * 200 - 20, 36, 6, 744, "#d2dde6", { opacity: 0.7 }),
    ),
    rect(0, 770, W, 230, "url(#floor4)"),
    rect(0, 766, W, 12, "#b8c6d1"),
    ...Array.from({ length: 11 }, (_, i) => {
      const xb = -400 + i * 240;
      return line(800 + (xb - 800) * 0.12, 778, xb, 1000, C.white, {
        "stroke-width": 2,
        opacity: 0.35,
      });
    }),
  ].join("");

  // Pendant lamps with a warm glow.
  const lamp = (x: number) =>
    [
      ellipse(x, 140, 160, 120, "url(#lamp4)"),
      line(x, 0, x, 86, C.slate, { "stroke-width": 3 }),
      pathEl(`M${x - 46} 130C${x - 46} 96 ${x + 46} 96 ${x + 46} 130z`, C.slate),
      ellipse(x, 130, 46, 8, "#fff4dc"),
    ].join("");

  // The SCULC banner, hanging on two cords.
  const banner = [
    line(420, 0, 440, 56, C.slate, { "stroke-width": 3 }),
    line(1180, 0, 1160, 56, C.slate, { "stroke-width": 3 }),
    rect(346, 70, 920, 170, "#0d364b", { opacity: 0.25, filter: "url(#blur16)" }),
    rect(330, 52, 940, 166, "url(#banner4)", { rx: 8 }),
    rect(330, 202, 940, 16, C.amber, { rx: 4 }),
    rect(330, 52, 940, 166, "url(#hiTL)", { rx: 8, opacity: 0.35 }),
    text(800, 138, "SCULC", {
      size: 80,
      fill: C.white,
      weight: "bold",
      anchor: "middle",
      spacing: 10,
    }),
    text(800, 182, "Southern California Undergraduate Linguistics Conference", {
      size: 25,
      fill: C.accentMist,
      anchor: "middle",
    }),
  ].join("");

  const specs: Array<[number, PosterSpec]> = [
    [220, { title: ["Vowel Shifts in", "SoCal English"], color: C.primary, chart: "vowels" }],
    [600, { title: ["Code-Switching", "in Los Angeles"], color: C.amberDark, chart: "bars" }],
    [1000, { title: ["Tone Sandhi in", "Taiwanese"], color: C.accent, chart: "pitch" }],
    [1380, { title: ["Evidentiality", "in Quechua"], color: C.slate, chart: "donut" }],
  ];
  const boards = specs.map(([cx, spec]) => posterBoard(cx, spec)).join("");

  const skin = ["#f2c9a6", "#d8a07a", "#a86d4a", "#7b4a30", "#e6b58f"] as const;
  const people: Person[] = [
    // Back row: a little smaller and higher up the floor, for depth.
    {
      x: 650,
      feet: 872,
      s: 0.74,
      shirt: C.accent,
      pants: C.slate,
      skin: skin[1],
      hair: "#2a1d17",
      style: "long",
    },
    {
      x: 1120,
      feet: 884,
      s: 0.76,
      shirt: C.sand,
      pants: C.primaryDeep,
      skin: skin[4],
      hair: "#6b4a2c",
      style: "bun",
      skirt: true,
    },
    {
      x: 950,
      feet: 908,
      s: 0.8,
      shirt: C.amber,
      pants: "#34495a",
      skin: skin[3],
      hair: "#161210",
      style: "short",
    },
    // Front row: a visitor, the presenter pointing at their poster, a visitor holding the programme.
    {
      x: 220,
      feet: 952,
      s: 0.88,
      shirt: C.primary,
      pants: C.ink,
      skin: skin[0],
      hair: "#8a5a32",
      style: "short",
    },
    {
      x: 430,
      feet: 936,
      s: 0.86,
      shirt: "#f3f5f7",
      pants: C.slate,
      skin: skin[2],
      hair: "#1c1512",
      style: "curly",
      front: true,
      point: true,
    },
    {
      x: 1410,
      feet: 962,
      s: 0.9,
      shirt: "#5d7f94",
      pants: C.sand,
      skin: skin[1],
      hair: "#3a2a20",
      style: "long",
      programme: true,
    },
  ];

  const body = [
    hall,
    lamp(150),
    lamp(1450),
    banner,
    boards,
    people.map(person).join(""),
    lightBeam("beam4", 60, 300, 0.1),
  ].join("");
  return { defs: defs.join(""), body };
}

// ---------------------------------------------------------------------------------------------
// Logo: a speech bubble holding a schwa, drawn entirely as paths (no fonts needed).
// ---------------------------------------------------------------------------------------------

/** Bubble outline on a 64-unit grid: rounded square with a tail at the bottom left. */
const BUBBLE =
  "M18 4h28a14 14 0 0 1 14 14v18a14 14 0 0 1-14 14H28l-14 10 2-10.1A14 14 0 0 1 4 36V18A14 " +
  "14 0 0 1 18 4z";
/**
 * The schwa as one stroke: the bar, then round the closed bowl at the bottom and up over the
 * top to the terminal at the upper left (an "e" turned 180 degrees).
 */
const SCHWA = "M42.5 27H21.5A10.5 12.5 0 1 0 25.5 17.2";

/** The mark; with a background it is inset on an opaque square (for the touch icon). */
function logoSvg(bubble: string, glyph: string, background?: string): string {
  const mark =
    `<path fill="${bubble}" d="${BUBBLE}"/>` +
    `<path fill="none" stroke="${glyph}" stroke-width="5.2" stroke-linecap="round" d="${SCHWA}"/>`;
  const body = background
    ? `<rect width="64" height="64" fill="${background}"/>` +
      `<g transform="translate(9 9) scale(.72)">${mark}</g>`
    : mark;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>\n`;
}

/** Wraps one PNG in an ICO container (ICONDIR + one ICONDIRENTRY, PNG payload). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // palette size
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // payload size
  header.writeUInt32LE(22, 18); // payload offset
  return Buffer.concat([header, png]);
}

// ---------------------------------------------------------------------------------------------
// Output.
// ---------------------------------------------------------------------------------------------
const SCENES: ReadonlyArray<readonly [string, () => Scene]> = [
  ["ipa-chalkboard", chalkboardScene],
  ["spectrogram-lab", spectrogramScene],
  ["syntax-whiteboard", syntaxScene],
  ["poster-session", posterScene],
];

async function writeScene(slug: string, scene: Scene): Promise<void> {
  for (const width of SLIDE_WIDTHS) {
    const svg = Buffer.from(svgDoc(scene.body, scene.defs, width));
    const file = path.join(HOME_DIR, `${slug}-${width}.webp`);
    await sharp(svg).webp(WEBP).toFile(file);
  }
  if (PREVIEW_DIR) {
    const svg = Buffer.from(svgDoc(scene.body, scene.defs, W));
    await sharp(svg)
      .png()
      .toFile(path.join(PREVIEW_DIR, `${slug}.png`));
  }
}

async function writeIcons(): Promise<void> {
  const mark = logoSvg(C.primary, "#fff");
  await writeFile(path.join(ROOT, "app/assets/images/logo.svg"), mark);
  await writeFile(path.join(ROOT, "public/favicon.svg"), mark);

  const png32 = await sharp(Buffer.from(mark), { density: 72 * (32 / 64) * 8 })
    .resize(32, 32)
    .png()
    .toBuffer();
  await writeFile(path.join(ROOT, "public/favicon.ico"), pngToIco(png32, 32));

  // Apple touch icons must be opaque; iOS rounds the corners itself.
  const touch = logoSvg(C.white, C.primary, C.primary);
  await sharp(Buffer.from(touch), { density: 72 * (180 / 64) * 2 })
    .resize(180, 180)
    .flatten({ background: C.primary })
    .png()
    .toFile(path.join(ROOT, "public/apple-touch-icon.png"));

  if (PREVIEW_DIR) {
    for (const size of [32, 64, 160]) {
      await sharp(Buffer.from(mark), { density: 72 * (size / 64) * 4 })
        .resize(size, size)
        .flatten({ background: C.white })
        .png()
        .toFile(path.join(PREVIEW_DIR, `logo-${size}.png`));
    }
  }
}

async function main(): Promise<void> {
  await mkdir(HOME_DIR, { recursive: true });
  await mkdir(path.join(ROOT, "public"), { recursive: true });
  if (PREVIEW_DIR) await mkdir(PREVIEW_DIR, { recursive: true });
  for (const [slug, build] of SCENES) await writeScene(slug, build());
  await writeIcons();
  console.log(`Wrote ${SCENES.length} scenes x ${SLIDE_WIDTHS.length} widths and the icons.`);
}

await main();
