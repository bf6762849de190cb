/**
 * Builds the SCULC conference media from app/content/sculc/programs (one file a year) and hand-written SVG:
 * the program PDFs (2025, 2023, 2022), the 2022 and 2023 photo galleries, the 2023 schedule
 * image, the 2024 program pages and the per-year image manifests (index.ts).
 *
 * Run: `npx tsx scripts/generate-conference-media.ts`.
 * Set CONF_PREVIEW_DIR=/some/dir to also write PNG previews of every image and PDF page.
 *
 * Everything is deterministic (seeded noise, fixed PDF dates), so re-running the script
 * reproduces byte-identical files.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import type { Edition } from "../app/content/editions";
import type { Photo, ProgramItem, ProgramItemKind } from "../app/content/sculc/program-types";
import { featuredPresentations2025, programs } from "../app/content/sculc/programs";
import { shippedContent } from "../app/content/shipped-content";
import { formatLongDate } from "../app/lib/dates";
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
  rect,
  type TextOpts,
  text,
} from "./lib/svg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const IMG_DIR = path.join(ROOT, "app/assets/images/sculc");
const DOC_DIR = path.join(ROOT, "app/assets/documents");
const PREVIEW_DIR = process.env.CONF_PREVIEW_DIR;

const WEBP = { quality: 75, effort: 6 } as const;
const PHOTO_WIDTHS = [480, 800, 1200] as const;
/** Photos are drawn on a 3:2 artboard and scaled to each output width. */
const W = 1500;
const H = 1000;
const SOCIETY = "Undergraduate Linguistics Society";
const CONFERENCE = "Southern California Undergraduate Linguistics Conference";

// ---------------------------------------------------------------------------------------------
// Palette: the same as scripts/generate-images.ts, so the two sets of artwork sit together.
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
  amberMist: "#fdf1dc",
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
  leaf: "#3b8a78",
  leafDark: "#2a6a5b",
  white: "#ffffff",
} as const;

/** Scenes use DejaVu like the home artwork; typeset pages use Liberation Sans, whose metrics
 * match Helvetica, so pdf-lib's Helvetica widths measure them exactly. */
const TYPE = "Liberation Sans, Arial, Helvetica, sans-serif";

// ---------------------------------------------------------------------------------------------
// Tiny SVG helpers (as in generate-images.ts). Numbers are rounded to keep the SVG small.
// ---------------------------------------------------------------------------------------------

function radial(id: string, stops: ReadonlyArray<readonly [number, string, number?]>): string {
  const s = stops
    .map(([o, c, a]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": a }))
    .join("");
  return el("radialGradient", { id, cx: 0.5, cy: 0.5, r: 0.5 }, s);
}

/** Shared defs: light falls from the top left, so shapes are shaded darker on the right. */
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
    gradient("shadeB", [
      [0.4, "#000", 0],
      [1, "#000", 0.18],
    ]),
    gradient(
      "hiTL",
      [
        [0, "#fff", 0.45],
        [0.55, "#fff", 0],
      ],
      { x2: 1, y2: 1 },
    ),
    gradient(
      "beam",
      [
        [0, "#fff", 0.9],
        [1, "#fff", 0],
      ],
      { x2: 0.6, y2: 1 },
    ),
    radial("lampGlow", [
      [0, "#ffe9c2", 0.9],
      [1, "#ffe9c2", 0],
    ]),
    blurFilter("blur3", 3),
    blurFilter("blur8", 8),
    blurFilter("blur16", 16),
    blurFilter("blur40", 40),
  ].join("");
}

function svgDoc(body: string, defs: string, vw: number, vh: number, width: number): string {
  const height = Math.round((width * vh) / vw);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${vw} ${vh}"><defs>${commonDefs()}${defs}</defs>${body}</svg>`
  );
}

function lightBeam(x0: number, width: number, opacity: number): string {
  const d = `M${x0} 0h${width}l${W * 0.9} ${H}h-${width * 1.6}z`;
  return pathEl(d, "url(#beam)", { opacity, filter: "url(#blur40)" });
}

// ---------------------------------------------------------------------------------------------
// Text measurement: pdf-lib's Helvetica metrics, shared by the PDFs and the typeset images.
// ---------------------------------------------------------------------------------------------
type FontKey = "regular" | "bold" | "italic";
type Fonts = Record<FontKey, PDFFont>;

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
}

let metrics: Fonts | undefined;

function measure(s: string, font: FontKey, size: number): number {
  if (!metrics) throw new Error("Fonts are not loaded yet");
  return metrics[font].widthOfTextAtSize(s, size);
}

/** Greedy word wrap; `factor` widens the estimate for fonts wider than Helvetica (DejaVu). */
function wrap(s: string, font: FontKey, size: number, maxW: number, factor = 1): string[] {
  const lines: string[] = [];
  let cur = "";
  for (const word of s.split(" ")) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && measure(next, font, size) * factor > maxW) {
      lines.push(cur);
      cur = word;
    } else {
      cur = next;
    }
  }
  if (cur) lines.push(cur);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The program, reshaped into rows for schedules: talks in a run form a session, and the posters
// (which share one time slot) form a single poster-session row.
// ---------------------------------------------------------------------------------------------
type Entry = { title: string; who: string; featured?: boolean };
type Row = {
  type: "session" | "item" | "posters";
  kind: ProgramItemKind;
  time: string;
  title: string;
  who?: string;
  room?: string;
  entries?: Entry[];
};

function programFor(year: number): ProgramItem[] {
  const p = programs.find((x) => x.year === year);
  if (!p) throw new Error(`No program for ${year} in programs.ts`);
  return p.items;
}

function editionFor(year: number): Edition {
  const e = shippedContent.editions.find((x) => x.year === year);
  if (!e) throw new Error(`No edition for ${year} in editions.ts`);
  return e;
}

/** "9:45–10:00 AM", or "11:00 AM–12:15 PM" when the half of the day changes. */
function timeRange(start: string, end: string): string {
  const [st = "", sm = ""] = start.split(" ");
  const [et = "", em = ""] = end.split(" ");
  return sm === em ? `${st}–${et} ${em}` : `${start}–${end}`;
}

function who(item: ProgramItem): string | undefined {
  const ps = item.presenters;
  if (!ps?.length) return undefined;
  return ps.map((p) => `${p.name} · ${p.institution}`).join("; ");
}

const LIGHTNING = "Lightning talk: ";
const KEYNOTE = "Keynote: ";

function scheduleRows(year: number): Row[] {
  const items = programFor(year);
  const rows: Row[] = [];
  let session = 0;
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (!it) continue;
    const prev = items[i - 1];
    if (it.kind === "poster") {
      if (prev?.kind === "poster") continue;
      const posters = items.slice(i).filter((x) => x.kind === "poster" && x.start === it.start);
      rows.push({
        type: "posters",
        kind: "poster",
        time: timeRange(it.start, it.end),
        title: "Poster session",
        room: it.room,
        entries: posters.map((x) => ({
          title: x.title,
          who: who(x) ?? "",
          featured: year === 2025 && featuredPresentations2025.includes(x.title),
        })),
      });
      continue;
    }
    if (it.kind === "talk" && prev?.kind !== "talk") {
      let end = i;
      while (items[end + 1]?.kind === "talk") end++;
      const last = items[end] ?? it;
      const lightning = it.title.startsWith(LIGHTNING);
      if (!lightning) session++;
      rows.push({
        type: "session",
        kind: "talk",
        time: timeRange(it.start, last.end),
        title: lightning ? "Lightning talks" : `Presentation session ${session}`,
        room: it.room,
      });
    }
    rows.push({
      type: "item",
      kind: it.kind,
      time: timeRange(it.start, it.end),
      title: it.title.replace(LIGHTNING, ""),
      who: who(it),
      room: it.kind === "talk" ? undefined : it.room,
    });
  }
  return rows;
}

function keynoteOf(year: number): ProgramItem {
  const k = programFor(year).find((x) => x.kind === "keynote");
  if (!k) throw new Error(`No keynote in ${year}`);
  return k;
}

function byKind(year: number, kind: ProgramItemKind): ProgramItem[] {
  return programFor(year).filter((x) => x.kind === kind);
}

function findItem(year: number, name: string): ProgramItem {
  const it = programFor(year).find((x) => x.presenters?.some((p) => p.name === name));
  if (!it) throw new Error(`${name} is not in the ${year} program`);
  return it;
}

function presenterOf(it: ProgramItem): { name: string; institution: string } {
  const p = it.presenters?.[0];
  if (!p) throw new Error(`"${it.title}" has no presenter`);
  return p;
}

const KIND_COLOR: Record<ProgramItemKind, string> = {
  "check-in": C.gray,
  welcome: C.primary,
  keynote: C.amber,
  talk: C.accent,
  poster: C.leaf,
  break: C.line,
  lunch: C.amberSoft,
  closing: C.primary,
};

const WELCOME: Record<number, string> = {
  2025:
    "Welcome to SCULC 2025! Today undergraduates from across Southern California and the " +
    "West Coast share original research in every corner of linguistics, from vowels and tone " +
    "to syntax, meaning, acquisition and language technology. Talks run 15 minutes with 5 " +
    "minutes for questions, and every session is streamed for those joining online. " +
    "Admission is free. Ask questions, visit the posters and meet the people behind the data.",
  2023:
    "Welcome to SCULC 2023! Thank you for spending a Saturday with us. Talks today run 10 to " +
    "15 minutes, followed by an afternoon poster session and a round of lightning talks. " +
    "Please hold questions for the end of each talk, visit every poster, and stay for the " +
    "awards and the group photo at the close of the day.",
  2022:
    "Welcome to SCULC 2022, our first conference back on campus! Because of COVID-19 the " +
    "day is hybrid: every talk is shared on Zoom for virtual attendees, and the posters are " +
    "shown on Smartboards in the Pavilion Gallery so remote presenters can join their own " +
    "sessions. Please wear a mask indoors and thank you for keeping one another safe.",
};

// ---------------------------------------------------------------------------------------------
// Program PDFs. Pages are laid out as a list of drawing operations in top-left coordinates,
// then painted with pdf-lib; the same operations render an SVG preview of every page.
// ---------------------------------------------------------------------------------------------
const PW = 612;
const PH = 792;
const M = 54;

type Op =
  | { t: "text"; x: number; y: number; s: string; font: FontKey; size: number; color: string }
  | { t: "rect"; x: number; y: number; w: number; h: number; color: string }
  | { t: "line"; x1: number; y1: number; x2: number; y2: number; color: string; width: number };

class PdfLayout {
  pages: Op[][] = [];
  y = 0;
  constructor(private readonly header: string) {}

  get ops(): Op[] {
    const p = this.pages[this.pages.length - 1];
    if (!p) throw new Error("No page");
    return p;
  }

  newPage(): void {
    this.pages.push([]);
    this.y = M;
    if (this.pages.length > 1) {
      this.text(M, 34, this.header, "bold", 8.5, C.primary);
      this.line(M, 42, PW - M, 42, C.line, 0.75);
      this.y = 66;
    }
  }

  /** Starts a new page when fewer than `h` points are left above the footer. */
  need(h: number): void {
    if (this.y + h > PH - 62) this.newPage();
  }

  text(x: number, y: number, s: string, font: FontKey, size: number, color: string = C.ink) {
    this.ops.push({ t: "text", x, y, s, font, size, color });
  }

  rect(x: number, y: number, w: number, h: number, color: string) {
    this.ops.push({ t: "rect", x, y, w, h, color });
  }

  line(x1: number, y1: number, x2: number, y2: number, color: string, width = 0.75) {
    this.ops.push({ t: "line", x1, y1, x2, y2, color, width });
  }

  /** Wrapped paragraph at the cursor; returns the lines' total height. */
  para(x: number, maxW: number, s: string, font: FontKey, size: number, color: string): number {
    const lead = size * 1.38;
    for (const l of wrap(s, font, size, maxW)) {
      this.text(x, this.y + size, l, font, size, color);
      this.y += lead;
    }
    return lead;
  }

  heading(s: string): void {
    this.need(60);
    this.y += 6;
    this.text(M, this.y + 16, s, "bold", 16, C.primaryDark);
    this.rect(M, this.y + 24, 36, 2.5, C.amber);
    this.y += 38;
  }
}

function hexRgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

function coverBlock(L: PdfLayout, year: number): void {
  const ed = editionFor(year);
  const items = programFor(year);
  const checkIn = items.find((x) => x.kind === "check-in");
  L.rect(0, 0, PW, 238, C.primary);
  L.rect(0, 238, PW, 6, C.amber);
  L.text(M, 62, SOCIETY.toUpperCase(), "bold", 9, C.accentSoft);
  L.text(M, 124, `SCULC ${year}`, "bold", 50, C.white);
  L.text(M, 150, CONFERENCE, "regular", 13, C.accentMist);
  L.text(M, 186, formatLongDate(ed.date), "bold", 14, C.white);
  const times = `${ed.startTime} – ${ed.endTime}`;
  const extra =
    checkIn && checkIn.start !== ed.startTime ? ` · check-in from ${checkIn.start}` : "";
  L.text(M, 206, `${times}${extra}`, "regular", 11.5, C.white);
  L.text(M, 224, ed.venue, "regular", 11.5, C.accentMist);
  L.y = 272;
}

function welcomeBlock(L: PdfLayout, year: number): void {
  L.heading("Welcome");
  L.para(M, PW - 2 * M, WELCOME[year] ?? "", "regular", 10.5, C.slate);
  L.y += 4;
  L.text(M, L.y + 10, `The ${SOCIETY} conference committee`, "italic", 10, C.gray);
  L.y += 30;
}

function factsBlock(L: PdfLayout, year: number): void {
  const k = keynoteOf(year);
  const kp = presenterOf(k);
  const talks = byKind(year, "talk").length;
  const posters = byKind(year, "poster").length;
  const facts: Array<[string, string]> = [
    ["Keynote", `${kp.name}, ${kp.institution}`],
    ["", k.title.replace(KEYNOTE, "")],
    ["Program", `${talks} talks and ${posters} posters by undergraduate researchers`],
  ];
  if (year === 2025) {
    facts.push(["Format", "Talks are 15 minutes plus 5 minutes of questions"]);
    facts.push(["Admission", "Free and open to all, in person and online"]);
  } else if (year === 2023) {
    facts.push(["Format", "Talks of 10 to 15 minutes, a poster session and lightning talks"]);
  } else if (year === 2022) {
    facts.push(["Format", "Hybrid: talks streamed on Zoom, virtual posters on Smartboards"]);
  }
  const top = L.y;
  const h = facts.length * 19 + 22;
  L.rect(M, top, PW - 2 * M, h, C.mist);
  L.rect(M, top, 3, h, C.amber);
  L.y = top + 14;
  for (const [label, value] of facts) {
    L.text(M + 16, L.y + 10, label, "bold", 9.5, C.primary);
    L.text(M + 96, L.y + 10, value, label ? "regular" : "italic", 10, C.ink);
    L.y += 19;
  }
  L.y = top + h + 18;
}

function scheduleTable(L: PdfLayout, year: number): void {
  L.heading("Schedule");
  const tx = M;
  const cx = M + 108;
  const cw = PW - M - cx - 8;
  for (const row of scheduleRows(year)) {
    if (row.type === "session") {
      // Keep a session header with its first talk.
      L.need(84);
      L.y += 4;
      L.rect(M, L.y, PW - 2 * M, 20, C.accentMist);
      L.text(cx, L.y + 14, row.title.toUpperCase(), "bold", 8.5, C.primaryDark);
      L.text(tx + 6, L.y + 14, row.time, "regular", 8.5, C.primaryDark);
      if (row.room) {
        const rw = measure(row.room, "regular", 8.5);
        L.text(PW - M - 6 - rw, L.y + 14, row.room, "regular", 8.5, C.primaryDark);
      }
      L.y += 24;
      continue;
    }
    // The room sits at the right of the title line, so most rows take two lines at most.
    const room = row.room ?? "";
    const roomW = room ? measure(room, "regular", 8.5) + 12 : 0;
    const titleLines = wrap(row.title, "bold", 10, cw - roomW);
    const sub = row.who ? wrap(row.who, "regular", 9, cw) : [];
    // Posters are one line each here (title and name); the list below gives institutions.
    const entries = (row.entries ?? []).map((e) => `${e.title} · ${e.who.split(" · ")[0] ?? ""}`);
    const quiet = row.kind === "break" || row.kind === "lunch";
    const entryLines = entries.map((e) => wrap(e, "regular", 9, cw - 10));
    let h = titleLines.length * 12.5 + sub.length * 11.5 + 11;
    for (const l of entryLines) h += l.length * 11.5 + 2;
    L.need(Math.min(h, 64));
    const top = L.y;
    if (quiet) L.rect(M, top, PW - 2 * M, h - 1, C.paper);
    if (row.kind === "keynote") L.rect(M, top, PW - 2 * M, h - 1, C.amberMist);
    L.rect(cx - 12, top + 4, 2.5, h - 9, KIND_COLOR[row.kind]);
    L.text(tx + 6, top + 14, row.time, "bold", 9.5, quiet ? C.gray : C.primary);
    if (room)
      L.text(PW - M - 6 - measure(room, "regular", 8.5), top + 14, room, "regular", 8.5, C.gray);
    L.y = top + 4;
    for (const t of titleLines) {
      L.text(cx, L.y + 10, t, quiet ? "italic" : "bold", 10, quiet ? C.slate : C.ink);
      L.y += 12.5;
    }
    for (const t of sub) {
      L.text(cx, L.y + 9, t, "regular", 9, C.slate);
      L.y += 11.5;
    }
    for (const lines of entryLines) {
      L.need(24);
      L.y += 2;
      L.rect(cx, L.y + 4.5, 3, 3, C.leaf);
      for (const t of lines) {
        L.text(cx + 10, L.y + 9, t, "regular", 9, C.ink);
        L.y += 11.5;
      }
    }
    L.y = Math.max(L.y + 7, top + h);
    L.line(M, L.y - 2, PW - M, L.y - 2, C.line, 0.5);
  }
  L.y += 12;
}

function presentationList(L: PdfLayout, year: number): void {
  L.heading("Presentations");
  L.para(
    M,
    PW - 2 * M,
    "Every presenter is an undergraduate researcher. Titles are listed in program order; " +
      "the presenter's name is followed by their institution.",
    "regular",
    9.5,
    C.slate,
  );
  L.y += 6;
  const groups: Array<[string, ProgramItemKind]> = [
    ["Talks", "talk"],
    ["Posters", "poster"],
  ];
  let n = 0;
  for (const [label, kind] of groups) {
    L.need(60);
    L.text(M, L.y + 12, label, "bold", 11.5, C.primary);
    L.y += 22;
    for (const it of byKind(year, kind)) {
      n++;
      const p = presenterOf(it);
      const title = it.title.replace(LIGHTNING, "");
      const lines = wrap(title, "bold", 10, PW - 2 * M - 26);
      L.need(lines.length * 13 + 28);
      L.text(M, L.y + 10, `${n}.`, "bold", 10, C.gray);
      for (const t of lines) {
        L.text(M + 24, L.y + 10, t, "bold", 10, C.ink);
        L.y += 13;
      }
      const by = `${p.name} · ${p.institution}`;
      L.text(M + 24, L.y + 9, by, "regular", 9, C.slate);
      if (year === 2025 && featuredPresentations2025.includes(it.title)) {
        const tag = kind === "poster" ? "POSTER ONLINE" : "SLIDES ONLINE";
        const x = M + 24 + measure(by, "regular", 9) + 8;
        L.rect(x, L.y + 1, measure(tag, "bold", 6.5) + 8, 10, C.amber);
        L.text(x + 4, L.y + 8.6, tag, "bold", 6.5, C.ink);
      }
      L.y += 16;
    }
    L.y += 6;
  }
}

function layoutProgram(year: number): Op[][] {
  const L = new PdfLayout(`SCULC ${year} · ${CONFERENCE}`);
  L.newPage();
  coverBlock(L, year);
  welcomeBlock(L, year);
  factsBlock(L, year);
  scheduleTable(L, year);
  // The presentation list starts a fresh page unless a good part of this one is left.
  if (L.y > PH - 300) L.newPage();
  presentationList(L, year);
  // Footer on every page, now that the page count is known.
  L.pages.forEach((ops, i) => {
    const foot = `Page ${i + 1} of ${L.pages.length}`;
    ops.push({ t: "line", x1: M, y1: PH - 44, x2: PW - M, y2: PH - 44, color: C.line, width: 0.5 });
    ops.push({ t: "text", x: M, y: PH - 30, s: SOCIETY, font: "regular", size: 8, color: C.gray });
    const fw = measure(foot, "regular", 8);
    ops.push({
      t: "text",
      x: PW - M - fw,
      y: PH - 30,
      s: foot,
      font: "regular",
      size: 8,
      color: C.gray,
    });
  });
  return L.pages;
}

async function programPdf(year: number): Promise<{ bytes: Uint8Array; pages: Op[][] }> {
  const pages = layoutProgram(year);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const ed = editionFor(year);
  // Fixed dates (a month before the conference) keep the file byte-identical across runs.
  const stamp = new Date(`${ed.date}T12:00:00Z`);
  stamp.setUTCMonth(stamp.getUTCMonth() - 1);
  doc.setTitle(`SCULC ${year} Program`);
  doc.setAuthor(SOCIETY);
  doc.setSubject(`Program of the ${CONFERENCE}, ${formatLongDate(ed.date)}`);
  doc.setKeywords(["SCULC", "linguistics", "undergraduate research", "conference", `${year}`]);
  doc.setCreator("scripts/generate-conference-media.ts");
  doc.setProducer("pdf-lib");
  doc.setLanguage("en-US");
  doc.setCreationDate(stamp);
  doc.setModificationDate(stamp);
  for (const ops of pages) {
    const page = doc.addPage([PW, PH]);
    for (const op of ops) {
      if (op.t === "rect") {
        page.drawRectangle({
          x: op.x,
          y: PH - op.y - op.h,
          width: op.w,
          height: op.h,
          color: hexRgb(op.color),
        });
      } else if (op.t === "line") {
        page.drawLine({
          start: { x: op.x1, y: PH - op.y1 },
          end: { x: op.x2, y: PH - op.y2 },
          thickness: op.width,
          color: hexRgb(op.color),
        });
      } else {
        page.drawText(op.s, {
          x: op.x,
          y: PH - op.y,
          size: op.size,
          font: fonts[op.font],
          color: hexRgb(op.color),
        });
      }
    }
  }
  return { bytes: await doc.save({ useObjectStreams: true }), pages };
}

/** An SVG rendering of one laid-out PDF page, for previews only. */
function pageSvg(ops: Op[]): string {
  const body = ops
    .map((op) => {
      if (op.t === "rect") return rect(op.x, op.y, op.w, op.h, op.color);
      if (op.t === "line") {
        return line(op.x1, op.y1, op.x2, op.y2, op.color, { "stroke-width": op.width });
      }
      return text(op.x, op.y, op.s, {
        size: op.size,
        fill: op.color,
        family: TYPE,
        weight: op.font === "bold" ? "bold" : undefined,
        italic: op.font === "italic",
      });
    })
    .join("");
  return svgDoc(rect(0, 0, PW, PH, C.white) + body, "", PW, PH, PW * 2);
}

// ---------------------------------------------------------------------------------------------
// Typeset images: the 2023 schedule and the 2024 program pages, drawn from the same rows.
// ---------------------------------------------------------------------------------------------
type Page = { vw: number; vh: number; defs: string; body: string };

const T = (
  x: number,
  y: number,
  s: string,
  size: number,
  fill: string,
  o: Partial<TextOpts> = {},
) => text(x, y, s, { size, fill, family: TYPE, ...o });

/** The schwa speech bubble from the society's logo, drawn at (x, y) with size `s`. */
function logoMark(x: number, y: number, s: number, bubble: string, glyph: string): string {
  const bubblePath =
    "M18 4h28a14 14 0 0 1 14 14v18a14 14 0 0 1-14 14H28l-14 10 2-10.1A14 14 0 0 1 4 36V18A14 " +
    "14 0 0 1 18 4z";
  return group(
    pathEl(bubblePath, bubble) +
      pathEl("M42.5 27H21.5A10.5 12.5 0 1 0 25.5 17.2", "none", {
        stroke: glyph,
        "stroke-width": 5.2,
        "stroke-linecap": "round",
      }),
    { transform: `translate(${x} ${y}) scale(${s / 64})` },
  );
}

/** Header band shared by the typeset images. */
function typeHeader(vw: number, h: number, year: number, subtitle: string): string {
  const ed = editionFor(year);
  return [
    rect(0, 0, vw, h, "url(#band)"),
    rect(0, h, vw, 10, C.amber),
    // A faint waveform along the band: decoration that says "speech".
    pathEl(
      Array.from({ length: 120 }, (_, i) => {
        const x = vw * 0.5 + (i / 119) * vw * 0.5;
        const a = Math.sin(i * 0.55) * Math.sin(i * 0.07) * 46;
        return `${i ? "L" : "M"}${r1(x)} ${r1(h * 0.52 - a)}`;
      }).join(""),
      "none",
      { stroke: C.white, "stroke-width": 3, opacity: 0.12 },
    ),
    logoMark(vw - 80 - h * 0.36, h * 0.16, h * 0.36, C.white, C.primary),
    T(80, h * 0.24, SOCIETY.toUpperCase(), h * 0.052, C.accentSoft, { weight: "bold", spacing: 3 }),
    T(80, h * 0.49, `SCULC ${year}`, h * 0.22, C.white, { weight: "bold" }),
    T(80, h * 0.62, subtitle, h * 0.075, C.accentMist),
    T(
      80,
      h * 0.79,
      `${formatLongDate(ed.date)} · ${ed.startTime} – ${ed.endTime}`,
      h * 0.08,
      C.white,
      {
        weight: "bold",
      },
    ),
    T(80, h * 0.91, ed.venue, h * 0.068, C.accentMist),
  ].join("");
}

function typeDefs(): string {
  return gradient(
    "band",
    [
      [0, "#2479a3"],
      [1, C.primaryDark],
    ],
    { x2: 1, y2: 1 },
  );
}

/** Schedule rows drawn in a column from `top`; returns the SVG and the height used. */
function scheduleSvg(rows: Row[], x0: number, top: number, width: number, k: number) {
  const parts: string[] = [];
  const cx = x0 + 272 * k;
  const cw = x0 + width - cx;
  let y = top;
  for (const row of rows) {
    if (row.type === "session") {
      y += 10 * k;
      parts.push(
        rect(x0, y, width, 46 * k, C.accentMist, { rx: 8 * k }),
        T(x0 + 18 * k, y + 31 * k, row.time, 21 * k, C.primaryDark, { weight: "bold" }),
        T(cx, y + 31 * k, row.title.toUpperCase(), 21 * k, C.primaryDark, {
          weight: "bold",
          spacing: 2 * k,
        }),
      );
      y += 58 * k;
      continue;
    }
    const quiet = row.kind === "break" || row.kind === "lunch";
    const size = (quiet ? 24 : 27) * k;
    const titleLines = wrap(row.title, "bold", size, cw);
    const sub = row.who ? wrap(row.who, "regular", 20 * k, cw) : [];
    const entries = row.entries ?? [];
    // Posters sit in two columns: a poster session would otherwise take half the page.
    const ew = (cw - 24 * k) / 2;
    const entryLines = entries.map((e) => wrap(e.title, "bold", 21 * k, ew - 24 * k));
    // Text first, so the row's background can be sized to what was actually drawn.
    const fg: string[] = [];
    let ty = y + 10 * k + size;
    let bottom = ty;
    for (const t of titleLines) {
      fg.push(T(cx, ty, t, size, quiet ? C.slate : C.ink, { weight: quiet ? undefined : "bold" }));
      bottom = ty;
      ty += size * 1.2;
    }
    for (const s of sub) {
      fg.push(T(cx, ty, s, 20 * k, C.slate));
      bottom = ty;
      ty += 26 * k;
    }
    // The room goes under the time, where there is space to spare.
    if (row.room && row.kind !== "talk") {
      fg.push(
        T(x0 + 18 * k, y + 10 * k + size + 26 * k, row.room, 18 * k, C.gray, { italic: true }),
      );
      bottom = Math.max(bottom, y + 10 * k + size + 26 * k);
    }
    for (let i = 0; i < entries.length; i += 2) {
      ty += 6 * k;
      let next = ty;
      for (const j of [i, i + 1]) {
        const e = entries[j];
        if (!e) continue;
        const ex = cx + (j % 2) * (ew + 24 * k);
        let ey = ty;
        fg.push(circle(ex + 6 * k, ey - 7 * k, 5 * k, C.leaf));
        for (const t of entryLines[j] ?? []) {
          fg.push(T(ex + 22 * k, ey, t, 21 * k, C.ink, { weight: "bold" }));
          ey += 26 * k;
        }
        const byLine = e.who.replace(" · ", ", ");
        for (const t of wrap(byLine, "regular", 18 * k, ew - 24 * k)) {
          fg.push(T(ex + 22 * k, ey, t, 18 * k, C.slate));
          bottom = Math.max(bottom, ey);
          ey += 23 * k;
        }
        next = Math.max(next, ey);
      }
      ty = next;
    }
    const h = bottom - y + 14 * k;
    if (row.kind === "keynote") parts.push(rect(x0, y, width, h, C.amberMist, { rx: 8 * k }));
    if (quiet) parts.push(rect(x0, y, width, h, C.mist, { rx: 8 * k, opacity: 0.7 }));
    parts.push(
      rect(cx - 22 * k, y + 12 * k, 5 * k, h - 24 * k, KIND_COLOR[row.kind], { rx: 2.5 * k }),
      T(x0 + 18 * k, y + 12 * k + size, row.time, 22 * k, quiet ? C.gray : C.primary, {
        weight: "bold",
      }),
      ...fg,
    );
    y += h;
    if (!quiet && row.kind !== "keynote") {
      parts.push(line(cx, y, x0 + width, y, C.line, { "stroke-width": 1.5 }));
    }
    y += 6 * k;
  }
  return { svg: parts.join(""), height: y - top };
}

function schedule2023(): Page {
  const vw = 1400;
  const vh = 1800;
  const rows = scheduleRows(2023);
  // Try sizes until the rows fit the page: the scale is chosen, not hand-tuned per edition.
  let k = 1;
  let s = scheduleSvg(rows, 80, 410, vw - 160, k);
  while (410 + s.height > vh - 110 && k > 0.5) {
    k -= 0.02;
    s = scheduleSvg(rows, 80, 410, vw - 160, k);
  }
  const body = [
    rect(0, 0, vw, vh, C.paper),
    typeHeader(vw, 330, 2023, CONFERENCE),
    T(80, 390, "SCHEDULE OF THE DAY", 24, C.primary, { weight: "bold", spacing: 4 }),
    s.svg,
    line(80, vh - 80, vw - 80, vh - 80, C.line, { "stroke-width": 2 }),
    T(80, vh - 42, "Talks run 10 to 15 minutes · Posters in the Pavilion Gallery", 22, C.gray),
    T(vw - 80, vh - 42, SOCIETY, 22, C.gray, { anchor: "end" }),
  ].join("");
  return { vw, vh, defs: typeDefs(), body };
}

const PROG_W = 1100;
const PROG_H = 1424;

function programFooter(n: number): string {
  return [
    line(80, PROG_H - 86, PROG_W - 80, PROG_H - 86, C.line, { "stroke-width": 2 }),
    T(80, PROG_H - 50, `SCULC 2024 · ${SOCIETY}`, 20, C.gray),
    T(PROG_W - 80, PROG_H - 50, `${n} / 3`, 20, C.gray, { anchor: "end" }),
  ].join("");
}

function programCover2024(): Page {
  const ed = editionFor(2024);
  const k = keynoteOf(2024);
  const kp = presenterOf(k);
  const talks = byKind(2024, "talk").length;
  const posters = byKind(2024, "poster").length;
  const researchers = new Set(
    programFor(2024)
      .filter((x) => x.kind === "talk" || x.kind === "poster")
      .flatMap((x) => x.presenters ?? [])
      .map((p) => p.name),
  ).size;
  const cx = PROG_W / 2;
  // A ring of IPA-free "speech" arcs behind the logo: sound radiating from the bubble.
  const arcs = [0, 1, 2]
    .map((i) =>
      circle(cx, 420, 172 + i * 46, "none", {
        stroke: i % 2 ? C.amberSoft : C.accentSoft,
        "stroke-width": 10,
        opacity: 0.55 - i * 0.1,
      }),
    )
    .join("");
  const stat = (x: number, value: string, label: string) =>
    T(x, 1040, value, 64, C.primary, { weight: "bold", anchor: "middle" }) +
    T(x, 1080, label, 22, C.slate, { anchor: "middle" });
  const kLines = wrap(k.title.replace(KEYNOTE, ""), "italic", 26, 760);
  const body = [
    rect(0, 0, PROG_W, PROG_H, C.paper),
    rect(0, 0, PROG_W, 14, C.primary),
    T(cx, 96, SOCIETY.toUpperCase(), 22, C.primary, {
      weight: "bold",
      spacing: 5,
      anchor: "middle",
    }),
    T(cx, 130, "presents", 22, C.gray, { italic: true, anchor: "middle" }),
    arcs,
    circle(cx, 420, 150, C.white),
    logoMark(cx - 100, 320, 200, C.primary, C.white),
    T(cx, 720, "SCULC 2024", 110, C.primaryDark, { weight: "bold", anchor: "middle" }),
    T(cx, 772, CONFERENCE, 30, C.slate, { anchor: "middle" }),
    rect(cx - 50, 804, 100, 6, C.amber, { rx: 3 }),
    T(cx, 866, formatLongDate(ed.date), 36, C.ink, { weight: "bold", anchor: "middle" }),
    T(cx, 910, `${ed.startTime} – ${ed.endTime} · ${ed.venue}`, 28, C.slate, { anchor: "middle" }),
    stat(cx - 300, `${researchers}`, "undergraduate researchers"),
    stat(cx, `${talks}`, "talks"),
    stat(cx + 300, `${posters}`, "posters"),
    rect(140, 1130, PROG_W - 280, 150 + (kLines.length - 1) * 34, C.amberMist, { rx: 18 }),
    T(cx, 1180, `KEYNOTE · ${kp.name.toUpperCase()}`, 22, C.amberDark, {
      weight: "bold",
      spacing: 3,
      anchor: "middle",
    }),
    ...kLines.map((l, i) => T(cx, 1222 + i * 34, l, 26, C.ink, { italic: true, anchor: "middle" })),
    T(cx, 1258 + (kLines.length - 1) * 34, kp.institution, 20, C.slate, { anchor: "middle" }),
    programFooter(1),
  ].join("");
  return { vw: PROG_W, vh: PROG_H, defs: "", body };
}

function programSchedule2024(): Page {
  // The posters get their own page, so the schedule shows the session as one line.
  const rows = scheduleRows(2024).map((r) =>
    r.type === "posters"
      ? { ...r, entries: undefined, who: `${r.entries?.length ?? 0} posters · see page 3` }
      : r,
  );
  let k = 1;
  let s = scheduleSvg(rows, 80, 250, PROG_W - 160, k);
  while (250 + s.height > PROG_H - 110 && k > 0.5) {
    k -= 0.02;
    s = scheduleSvg(rows, 80, 250, PROG_W - 160, k);
  }
  const body = [
    rect(0, 0, PROG_W, PROG_H, C.paper),
    rect(0, 0, PROG_W, 14, C.primary),
    T(80, 118, "Schedule", 64, C.primaryDark, { weight: "bold" }),
    rect(80, 140, 80, 6, C.amber, { rx: 3 }),
    T(80, 196, `${formatLongDate(editionFor(2024).date)} · Student Center Pavilion`, 24, C.slate),
    s.svg,
    programFooter(2),
  ].join("");
  return { vw: PROG_W, vh: PROG_H, defs: "", body };
}

function programPosters2024(): Page {
  const posters = byKind(2024, "poster");
  const parts: string[] = [
    rect(0, 0, PROG_W, PROG_H, C.paper),
    rect(0, 0, PROG_W, 14, C.primary),
    T(80, 118, "Posters", 64, C.primaryDark, { weight: "bold" }),
    rect(80, 140, 80, 6, C.amber, { rx: 3 }),
  ];
  const first = posters[0];
  if (first) {
    parts.push(
      T(80, 196, `${timeRange(first.start, first.end)} · ${first.room ?? ""}`, 24, C.slate),
    );
  }
  let y = 250;
  posters.forEach((it, i) => {
    const p = presenterOf(it);
    const lines = wrap(it.title, "bold", 28, PROG_W - 160 - 120);
    const h = lines.length * 36 + 86;
    parts.push(
      rect(80, y, PROG_W - 160, h, C.white, { rx: 14, stroke: C.line, "stroke-width": 2 }),
      rect(80, y, 12, h, C.leaf, { rx: 6 }),
      T(140, y + 62, `${i + 1}`, 44, C.leaf, { weight: "bold", anchor: "middle" }),
      ...lines.map((l, j) => T(190, y + 50 + j * 36, l, 28, C.ink, { weight: "bold" })),
      T(190, y + 50 + lines.length * 36 + 4, `${p.name} · ${p.institution}`, 22, C.slate),
    );
    y += h + 18;
  });
  y += 30;
  parts.push(
    rect(80, y, PROG_W - 160, 360, C.accentMist, { rx: 18 }),
    T(120, y + 70, "Thank you", 44, C.primaryDark, { weight: "bold" }),
  );
  const k = presenterOf(keynoteOf(2024));
  const thanks =
    `To our ${posters.length + byKind(2024, "talk").length} presenters, for sharing their ` +
    `research; to ${k.name} for the keynote; ` +
    "to the faculty mentors who read abstracts and chaired sessions; and to the volunteers " +
    "who staffed check-in, ran the microphones and kept the coffee coming. SCULC is organized " +
    `by students, for students: thank you for being part of it.`;
  wrap(thanks, "regular", 25, PROG_W - 240).forEach((l, j) => {
    parts.push(T(120, y + 122 + j * 36, l, 25, C.slate));
  });
  parts.push(
    T(120, y + 320, "See you at SCULC 2025!", 28, C.amberDark, { weight: "bold" }),
    logoMark(PROG_W - 80 - 110, y + 24, 72, C.primary, C.white),
    programFooter(3),
  );
  return { vw: PROG_W, vh: PROG_H, defs: "", body: parts.join("") };
}

// ---------------------------------------------------------------------------------------------
// Scene parts: people (faceless, as on the home page), slides, lecterns, screens, Smartboards.
// ---------------------------------------------------------------------------------------------
type Look = {
  skin: string;
  hair: string;
  style: "short" | "long" | "bun" | "curly";
  shirt: string;
  pants: string;
  skirt?: boolean;
};

const SKIN = ["#f2c9a6", "#d8a07a", "#a86d4a", "#7b4a30", "#e6b58f", "#c48a62"] as const;
const HAIR = ["#2a1d17", "#161210", "#6b4a2c", "#8a5a32", "#3a2a20", "#b07a3e"] as const;
const SHIRTS = [C.primary, C.accent, C.amber, C.sand, "#5d7f94", C.leaf, "#f3f5f7", "#c96f5a"];
const STYLES = ["short", "long", "bun", "curly"] as const;

function pick<T>(list: readonly T[], rnd: () => number): T {
  const v = list[Math.floor(rnd() * list.length)];
  if (v === undefined) throw new Error("Empty list");
  return v;
}

function randomLook(rnd: () => number): Look {
  return {
    skin: pick(SKIN, rnd),
    hair: pick(HAIR, rnd),
    style: pick(STYLES, rnd),
    shirt: pick(SHIRTS, rnd),
    pants: pick([C.slate, C.ink, C.primaryDeep, "#34495a", C.sand], rnd),
  };
}

type Pose = {
  x: number;
  feet: number;
  s: number;
  front?: boolean;
  badge?: boolean;
  /** Raise the near arm towards something on the left (mirrored with `flip`). */
  point?: boolean;
  flip?: boolean;
};

/** A standing figure, drawn at the origin (feet) and placed with a transform. */
function person(look: Look, pose: Pose): string {
  const p = { ...look, ...pose };
  const parts: string[] = [contactShadow(34, -4, 70, 10, 0.22)];
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
  parts.push(arm("M42 -318L54 -200"), circle(55, -188, 12, p.skin));
  const torso = "M-50 -318C-50 -338 -36 -344 -18 -344H18C36 -344 50 -338 50 -318L44 -172H-44Z";
  parts.push(pathEl(torso, p.shirt), pathEl(torso, "url(#shadeR)"));
  parts.push(rect(-10, -362, 20, 22, p.skin));
  if (p.badge) {
    parts.push(
      pathEl("M-16 -342L0 -290L16 -342", "none", { stroke: C.primaryDeep, "stroke-width": 4 }),
      rect(-18, -292, 36, 26, C.amber, { rx: 4 }),
      rect(-12, -284, 24, 5, C.white),
    );
  }
  parts.push(head(p, -390, Boolean(p.front)));
  const sx = p.flip ? -p.s : p.s;
  return group(parts.join(""), { transform: `translate(${p.x} ${p.feet}) scale(${sx} ${p.s})` });
}

/** Head and hair at (0, hy); from the front the hair is a cap with a fringe. */
function head(p: Look, hy: number, front: boolean): string {
  const parts: string[] = [];
  const longHair = rect(-33, hy - 10, 66, 96, p.hair, { rx: 30 });
  // From the front, long hair shows as two locks beside the face (a block would read as a beard).
  if (p.style === "long" && front) {
    parts.push(
      rect(-42, hy - 14, 22, 88, p.hair, { rx: 11 }),
      rect(20, hy - 14, 22, 88, p.hair, { rx: 11 }),
    );
  }
  parts.push(circle(0, hy, 32, p.skin));
  if (p.style === "long" && !front) parts.push(longHair);
  const hair = front
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
  return parts.join("");
}

/** A seated audience member seen from behind: shoulders, head and the chair back below. */
function seatedBack(look: Look, x: number, y: number, s: number): string {
  const shoulders = "M-62 40C-62 6 -40 -4 -20 -4H20C40 -4 62 6 62 40V130H-62Z";
  const parts = [
    pathEl(shoulders, look.shirt),
    pathEl(shoulders, "url(#shadeR)"),
    rect(-10, -22, 20, 24, look.skin),
    head(look, -44, false),
  ];
  return group(parts.join(""), { transform: `translate(${x} ${y}) scale(${s})` });
}

/** Rows of audience seen from behind, back rows first; rows are given as [y, scale, count]. */
function audience(rows: ReadonlyArray<readonly [number, number, number]>, seed: number): string {
  const rnd = mulberry32(seed);
  return rows
    .map(([y, s, n]) => {
      const gap = W / n;
      const chairs = rect(0, y + 70 * s, W, 60 * s, C.primaryDeep, { opacity: 0.1 });
      const people = Array.from({ length: n }, (_, i) => {
        const x = gap * (i + 0.5) + (rnd() - 0.5) * gap * 0.3;
        // A few empty seats keep the rows from looking stamped.
        if (rnd() < 0.12)
          return rect(x - 50 * s, y + 10 * s, 100 * s, 80 * s, "#56697a", { rx: 10 * s });
        return seatedBack(randomLook(rnd), x, y + (rnd() - 0.5) * 10 * s, s);
      }).join("");
      return chairs + people;
    })
    .join("");
}

type Chart = "vowels" | "bars" | "pitch" | "donut" | "tree" | "wave" | "eye" | "map";

/** Small charts for slides and posters, drawn inside the box (x, y, w, h). */
function chart(kind: Chart, x: number, y: number, w: number, h: number, seed: number): string {
  const rnd = mulberry32(seed);
  const axes =
    line(x, y + h, x + w, y + h, C.slate, { "stroke-width": 2 }) +
    line(x, y, x, y + h, C.slate, { "stroke-width": 2 });
  switch (kind) {
    case "vowels": {
      const pts: Array<[number, number, string]> = [
        [0.18, 0.2, C.primary],
        [0.7, 0.25, C.amberDark],
        [0.45, 0.7, C.accent],
        [0.78, 0.62, C.primary],
        [0.25, 0.55, C.amberDark],
      ];
      return (
        axes +
        pts
          .map(
            ([px, py, c]) =>
              ellipse(x + px * w, y + py * h, w * 0.13, h * 0.1, c, { opacity: 0.3 }) +
              circle(x + px * w, y + py * h, Math.max(2.5, w * 0.018), c),
          )
          .join("")
      );
    }
    case "bars": {
      const n = 6;
      const bw = (w - 20) / n;
      return (
        axes +
        Array.from({ length: n }, (_, i) => {
          const v = 0.3 + rnd() * 0.65;
          return rect(x + 10 + i * bw, y + h - v * h, bw * 0.7, v * h, i % 2 ? C.amber : C.primary);
        }).join("")
      );
    }
    case "pitch": {
      const curve = (y0: number, c1: number, c2: number, y1: number) =>
        `M${x + 6} ${y + y0 * h}C${x + w * 0.35} ${y + c1 * h} ${x + w * 0.65} ${y + c2 * h} ` +
        `${x + w - 6} ${y + y1 * h}`;
      return (
        axes +
        pathEl(curve(0.7, 0.1, 0.9, 0.3), "none", { stroke: C.primary, "stroke-width": 4 }) +
        pathEl(curve(0.4, 0.6, 0.2, 0.8), "none", {
          stroke: C.amberDark,
          "stroke-width": 4,
          "stroke-dasharray": "8 6",
        })
      );
    }
    case "donut": {
      const cx = x + w / 2;
      const cy = y + h / 2;
      const rr = Math.min(w, h) * 0.34;
      const circ = 2 * Math.PI * rr;
      const seg = (from: number, frac: number, stroke: string) =>
        circle(cx, cy, rr, "none", {
          stroke,
          "stroke-width": rr * 0.55,
          "stroke-dasharray": `${r1(frac * circ)} ${r1(circ)}`,
          transform: `rotate(${-90 + from * 360} ${cx} ${cy})`,
        });
      return seg(0, 0.46, C.primary) + seg(0.46, 0.32, C.amber) + seg(0.78, 0.22, C.accentSoft);
    }
    case "tree": {
      const n = (nx: number, ny: number) =>
        circle(x + nx * w, y + ny * h, Math.max(3, w * 0.025), C.primary);
      const e = (a: number, b: number, c: number, d: number) =>
        line(x + a * w, y + b * h, x + c * w, y + d * h, C.slate, { "stroke-width": 2.5 });
      return (
        e(0.5, 0.1, 0.25, 0.45) +
        e(0.5, 0.1, 0.75, 0.45) +
        e(0.75, 0.45, 0.6, 0.85) +
        e(0.75, 0.45, 0.9, 0.85) +
        e(0.25, 0.45, 0.25, 0.85) +
        [
          [0.5, 0.1],
          [0.25, 0.45],
          [0.75, 0.45],
          [0.25, 0.85],
          [0.6, 0.85],
          [0.9, 0.85],
        ]
          .map(([a = 0, b = 0]) => n(a, b))
          .join("")
      );
    }
    case "wave": {
      const pts = Array.from({ length: 90 }, (_, i) => {
        const env = Math.sin((i / 89) * Math.PI) * (0.5 + 0.5 * Math.sin(i * 0.21));
        const v = Math.sin(i * 1.7) * env * (0.6 + rnd() * 0.4);
        return `${r1(x + (i / 89) * w)},${r1(y + h / 2 - (v * h) / 2)}`;
      }).join(" ");
      return el("polyline", { points: pts, fill: "none", stroke: C.primary, "stroke-width": 2.5 });
    }
    case "eye": {
      // Fixation heat map over three words of a sentence.
      const words = [0.1, 0.36, 0.62].map((px) =>
        rect(x + px * w, y + h * 0.45, w * 0.22, h * 0.1, C.line, { rx: 3 }),
      );
      const heat = [
        [0.2, 0.5, 0.12, C.amber],
        [0.48, 0.5, 0.18, "#e26d5a"],
        [0.72, 0.5, 0.1, C.amber],
      ] as const;
      return (
        words.join("") +
        heat
          .map(([px, py, r, c]) => circle(x + px * w, y + py * h, r * w, c, { opacity: 0.45 }))
          .join("")
      );
    }
    case "map": {
      // A stylised coastline with sites marked: fieldwork and dialect maps.
      const d =
        `M${x + w * 0.2} ${y}C${x + w * 0.3} ${y + h * 0.3} ${x + w * 0.25} ${y + h * 0.5} ` +
        `${x + w * 0.45} ${y + h * 0.7}S${x + w * 0.6} ${y + h} ${x + w * 0.7} ${y + h}` +
        `H${x + w}V${y}Z`;
      return (
        rect(x, y, w, h, C.accentMist) +
        pathEl(d, C.sand) +
        [
          [0.5, 0.3],
          [0.62, 0.6],
          [0.8, 0.45],
        ]
          .map(([a = 0, b = 0]) => circle(x + a * w, y + b * h, Math.max(4, w * 0.03), C.amberDark))
          .join("")
      );
    }
  }
}

type SlideSpec = { kicker: string; title: string; name: string; inst: string; chart: Chart };

/** A presentation slide filling (x, y, w, h): title band, bullet lines and a chart. */
function slide(s: SlideSpec, x: number, y: number, w: number, h: number, seed: number): string {
  const k = w / 800;
  const size = 40 * k;
  const lines = wrap(s.title, "bold", size, w - 70 * k, 1.2).slice(0, 3);
  const band = 44 * k + lines.length * size * 1.2;
  const rnd = mulberry32(seed);
  const bars = Array.from({ length: 5 }, (_, i) =>
    rect(x + 40 * k, y + band + 50 * k + i * 34 * k, (180 + rnd() * 150) * k, 12 * k, C.line, {
      rx: 6 * k,
    }),
  ).join("");
  return [
    rect(x, y, w, h, C.white),
    rect(x, y, w, band, C.primary),
    rect(x, y + band, w, 6 * k, C.amber),
    text(x + 30 * k, y + 26 * k, s.kicker, { size: 17 * k, fill: C.accentSoft, weight: "bold" }),
    ...lines.map((l, i) =>
      text(x + 30 * k, y + 30 * k + (i + 1) * size * 1.12, l, {
        size,
        fill: C.white,
        weight: "bold",
      }),
    ),
    bars,
    chart(s.chart, x + w * 0.56, y + band + 44 * k, w * 0.38, h - band - 120 * k, seed),
    text(x + 40 * k, y + h - 40 * k, s.name, { size: 22 * k, fill: C.ink, weight: "bold" }),
    text(x + 40 * k, y + h - 14 * k, s.inst, { size: 17 * k, fill: C.slate }),
  ].join("");
}

/** Projection screen on the wall with its roller case; the slide fills it. */
function screen(x: number, y: number, w: number, h: number, content: string): string {
  return [
    rect(x + 14, y + 20, w, h, "#000", { opacity: 0.18, filter: "url(#blur16)" }),
    rect(x - 16, y - 22, w + 32, 20, "#dfe4e8", { rx: 8 }),
    rect(x - 16, y - 22, w + 32, 20, "url(#shadeB)", { rx: 8 }),
    rect(x - 6, y - 4, w + 12, h + 12, "#f4f6f7"),
    content,
    // Projector light: a soft sheen across the slide.
    rect(x, y, w, h, "url(#hiTL)", { opacity: 0.25 }),
  ].join("");
}

/** Wooden lectern with a SCULC plaque; its top edge is at `top`. */
function lectern(cx: number, top: number, floor: number, label: string): string {
  const w = 230;
  const d = `M${cx - w / 2} ${top + 30}h${w}l-18 ${floor - top - 30}h-${w - 36}z`;
  return [
    contactShadow(cx + 30, floor, 150, 14, 0.28),
    pathEl(d, "url(#woodGrad)"),
    pathEl(d, "url(#shadeR)"),
    rect(cx - w / 2 - 16, top, w + 32, 34, C.woodDark, { rx: 6 }),
    rect(cx - w / 2 - 16, top, w + 32, 12, C.wood, { rx: 6 }),
    // Gooseneck microphone.
    pathEl(
      `M${cx + 60} ${top}C${cx + 70} ${top - 50} ${cx + 40} ${top - 80} ${cx + 10} ${top - 86}`,
      "none",
      {
        stroke: "#2a3640",
        "stroke-width": 5,
      },
    ),
    ellipse(cx + 4, top - 88, 14, 9, "#2a3640"),
    rect(cx - 80, top + 90, 160, 120, C.primary, { rx: 10 }),
    logoMark(cx - 28, top + 104, 56, C.white, C.primary),
    text(cx, top + 192, label, {
      size: 24,
      fill: C.white,
      weight: "bold",
      anchor: "middle",
      spacing: 3,
    }),
  ].join("");
}

/** The room: wall, wainscot and floor, warm or cool; lamps hang from the ceiling. */
function roomShell(tone: "cool" | "warm", floorY: number): string {
  const wall = tone === "cool" ? ["#f4f7fa", "#e1e9ef"] : ["#f8efe2", "#eddcc4"];
  return [
    el(
      "linearGradient",
      { id: "wallG", x1: 0, y1: 0, x2: 0, y2: 1 },
      [
        el("stop", { offset: 0, "stop-color": wall[0] }),
        el("stop", { offset: 1, "stop-color": wall[1] }),
      ].join(""),
    ),
    rect(0, 0, W, H, "url(#wallG)"),
    ...Array.from({ length: 8 }, (_, i) =>
      rect(i * 200 - 20, 30, 6, floorY - 30, "#000", { opacity: 0.035 }),
    ),
    rect(0, 0, W, 30, tone === "cool" ? "#d7e0e7" : "#e8d6bd"),
    rect(0, floorY, W, H - floorY, tone === "cool" ? "#c9d5de" : "#d9c3a3"),
    rect(0, floorY - 6, W, 10, tone === "cool" ? "#b8c6d1" : "#c7a981"),
  ].join("");
}

function sceneDefs(): string {
  return gradient("woodGrad", [
    [0, "#d39a5d"],
    [1, "#a9713f"],
  ]);
}

/** A streaming camera on a tripod, with its red "live" light. */
function camera(x: number, floor: number): string {
  return [
    contactShadow(x + 20, floor, 80, 8, 0.2),
    line(x, floor - 230, x - 60, floor, "#2a3640", { "stroke-width": 7 }),
    line(x, floor - 230, x + 60, floor, "#2a3640", { "stroke-width": 7 }),
    line(x, floor - 230, x + 6, floor, "#2a3640", { "stroke-width": 7 }),
    rect(x - 60, floor - 300, 110, 70, "#2a3640", { rx: 10 }),
    rect(x - 90, floor - 290, 36, 50, "#3b4955", { rx: 6 }),
    circle(x + 36, floor - 288, 7, "#e0502f"),
    text(x + 8, floor - 312, "LIVE", {
      size: 20,
      fill: "#e0502f",
      weight: "bold",
      anchor: "middle",
    }),
  ].join("");
}

type TalkOpts = {
  seed: number;
  slide: SlideSpec;
  presenter: Look;
  screenSide: "left" | "right";
  tone: "cool" | "warm";
  /** Seen from the back of the hall: the stage is smaller and more rows are visible. */
  wide?: boolean;
  camera?: boolean;
  point?: boolean;
  label?: string;
};

function stage(o: TalkOpts, shell = true): string {
  const floor = 790;
  const sx = o.screenSide === "right" ? 560 : 90;
  const lx = o.screenSide === "right" ? 330 : 1170;
  const px = lx + (o.screenSide === "right" ? 30 : -30);
  return [
    shell
      ? roomShell(o.tone, floor - 40) + rect(0, floor - 40, W, 50, C.woodDark, { opacity: 0.5 })
      : "",
    screen(sx, 90, 850, 480, slide(o.slide, sx, 90, 850, 480, o.seed)),
    person(o.presenter, {
      x: px,
      feet: floor,
      s: 0.95,
      front: true,
      badge: true,
      point: o.point,
      flip: o.screenSide === "right",
    }),
    lectern(lx, 560, floor + 4, o.label ?? "SCULC"),
    o.camera ? camera(o.screenSide === "right" ? 150 : 1350, floor + 120) : "",
  ].join("");
}

function talkScene(o: TalkOpts): string {
  if (!o.wide) {
    return [
      stage(o),
      audience(
        [
          [880, 0.95, 6],
          [980, 1.2, 5],
        ],
        o.seed,
      ),
      lightBeam(80, 260, 0.1),
    ].join("");
  }
  // From the back of the hall: the stage shrinks towards the top and more rows fill the floor.
  return [
    roomShell(o.tone, 490),
    rect(0, 490, W, 30, C.woodDark, { opacity: 0.5 }),
    lamps([160, 1340]),
    group(stage({ ...o, camera: false }, false), { transform: "translate(300 40) scale(0.6)" }),
    audience(
      [
        [640, 0.52, 12],
        [700, 0.62, 10],
        [775, 0.75, 9],
        [865, 0.9, 7],
        [970, 1.1, 6],
      ],
      o.seed,
    ),
    o.camera ? camera(1380, 1080) : "",
    lightBeam(60, 260, 0.08),
  ].join("");
}

function lamps(xs: number[]): string {
  return xs
    .map((x) =>
      [
        ellipse(x, 130, 150, 110, "url(#lampGlow)"),
        line(x, 0, x, 80, C.slate, { "stroke-width": 3 }),
        pathEl(`M${x - 44} 122C${x - 44} 90 ${x + 44} 90 ${x + 44} 122z`, C.slate),
        ellipse(x, 122, 44, 7, "#fff4dc"),
      ].join(""),
    )
    .join("");
}

/** A video-call gallery (remote attendees) filling (x, y, w, h). */
function callGrid(
  x: number,
  y: number,
  w: number,
  h: number,
  seed: number,
  names: string[],
): string {
  const rnd = mulberry32(seed);
  const cols = 3;
  const rows = 3;
  const bar = h * 0.11;
  const gap = w * 0.012;
  const tw = (w - gap * (cols + 1)) / cols;
  const th = (h - bar - gap * (rows + 1)) / rows;
  const tiles: string[] = [rect(x, y, w, h, "#1b252e")];
  const backs = ["#3b4955", "#4a5d6c", "#5b6e62", "#6b5a4a", "#44536b"];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const tx = x + gap + c * (tw + gap);
      const ty = y + gap + r * (th + gap);
      const look = randomLook(rnd);
      const s = th / 260;
      tiles.push(
        rect(tx, ty, tw, th, pick(backs, rnd), { rx: 4 }),
        group(
          [
            pathEl("M-80 130C-80 70 -50 50 0 50C50 50 80 70 80 130Z", look.shirt),
            rect(-12, 20, 24, 36, look.skin),
            head(look, 0, true),
          ].join(""),
          { transform: `translate(${tx + tw / 2} ${ty + th * 0.5}) scale(${s})` },
        ),
        rect(tx + 6, ty + th - 26 * s - 4, tw * 0.45, 24 * s, "#000", { opacity: 0.45, rx: 3 }),
        text(tx + 12, ty + th - 10 * s - 4, names[i] ?? "Guest", { size: 16 * s, fill: C.white }),
      );
      // The active speaker's tile is outlined, as in the call software.
      if (i === 4)
        tiles.push(rect(tx, ty, tw, th, "none", { stroke: C.amber, "stroke-width": 4, rx: 4 }));
    }
  }
  const by = y + h - bar;
  tiles.push(rect(x, by, w, bar, "#11181e"));
  [-2, -1, 0, 1].forEach((i) => {
    tiles.push(circle(x + w / 2 + i * bar * 1.3, by + bar / 2, bar * 0.3, "#3b4955"));
  });
  tiles.push(
    rect(x + w - bar * 2.4, by + bar * 0.22, bar * 1.9, bar * 0.56, "#e0502f", { rx: bar * 0.2 }),
  );
  return tiles.join("");
}

const REMOTE_NAMES = [
  "Ana",
  "Ben T.",
  "Chris",
  "Dana",
  "Eli (host)",
  "Farah",
  "Gus",
  "Hiro",
  "Ivy",
];

/** A table in the foreground with a laptop showing the remote attendees, the talk behind. */
function laptopScene(o: TalkOpts, names: string[]): string {
  const lx = 420;
  const ly = 420;
  const lw = 680;
  const lh = 430;
  return [
    group(talkScene({ ...o, camera: false }), {
      transform: "translate(375 0) scale(0.75)",
      opacity: 0.95,
    }),
    rect(0, 0, 375, 800, "url(#wallG)"),
    rect(0, 0, W, H, C.white, { opacity: 0.12 }),
    rect(0, 860, W, 140, "#d9bd95"),
    rect(0, 860, W, 6, "#ead6b8"),
    contactShadow(lx + lw / 2 + 30, 940, 420, 20, 0.3),
    rect(lx - 16, ly - 16, lw + 32, lh + 32, "#2a3640", { rx: 18 }),
    callGrid(lx, ly, lw, lh, o.seed + 1, names),
    rect(lx, ly, lw, lh, "url(#hiTL)", { opacity: 0.2 }),
    pathEl(`M${lx - 60} ${ly + lh + 16}h${lw + 120}l40 50h-${lw + 200}z`, "#b8c3cc"),
    pathEl(`M${lx - 100} ${ly + lh + 66}h${lw + 200}v12h-${lw + 200}z`, "#8a98a4"),
    // A notebook and a coffee cup on the table.
    pathEl("M90 900h230l20 100H70z", C.white),
    ...[0, 1, 2].map((i) =>
      line(110, 930 + i * 18, 300, 930 + i * 18, C.line, { "stroke-width": 3 }),
    ),
    pathEl("M1230 820h110l-12 140h-86z", C.white),
    pathEl("M1230 820h110l-12 140h-86z", "url(#shadeR)"),
    pathEl("M1234 860h102l-5 50h-92z", C.primary),
    rect(1222, 806, 126, 18, C.slate, { rx: 6 }),
  ].join("");
}

type PosterSpec = { title: string; name: string; color: string; chart: Chart };

/** A portrait poster (x, y, w, h): title band, text columns, a chart and the presenter. */
function poster(
  spec: PosterSpec,
  x: number,
  y: number,
  w: number,
  h: number,
  seed: number,
): string {
  const k = w / 264;
  const rnd = mulberry32(seed);
  const size = 20 * k;
  const lines = wrap(spec.title, "bold", size, w - 28 * k, 1.12).slice(0, 4);
  // Long names shrink to fit the band rather than run off the poster.
  const nameSize = Math.min(13 * k, (w - 28 * k) / (measure(spec.name, "regular", 1) * 1.15));
  const band = 24 * k + lines.length * size * 1.15 + 30 * k;
  const bars = (bx: number, by: number, bw: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const lw = i % 5 === 4 ? bw * 0.55 : bw * (0.82 + rnd() * 0.18);
      return rect(bx, by + i * 15 * k, lw, 6 * k, C.line, { rx: 3 * k });
    }).join("");
  const body = y + band + 18 * k;
  return [
    rect(x + 6 * k, y + 8 * k, w, h, "#000", { opacity: 0.15, filter: "url(#blur3)" }),
    rect(x, y, w, h, C.white),
    rect(x, y, w, band, spec.color),
    ...lines.map((l, i) =>
      text(x + 14 * k, y + 12 * k + (i + 1) * size * 1.15, l, {
        size,
        fill: C.white,
        weight: "bold",
      }),
    ),
    text(x + 14 * k, y + band - 14 * k, spec.name, { size: nameSize, fill: C.white, opacity: 0.9 }),
    bars(x + 14 * k, body, w * 0.38, Math.floor((y + h - body - 20 * k) / (15 * k))),
    chart(spec.chart, x + w * 0.52, body, w * 0.42, (h - band) * 0.4, seed),
    bars(x + w * 0.52, body + (h - band) * 0.4 + 24 * k, w * 0.42, 6),
  ].join("");
}

/** Poster board on legs, with the poster pinned in the middle. */
function posterBoard(cx: number, floor: number, spec: PosterSpec, seed: number): string {
  const x = cx - 190;
  const top = floor - 560;
  return [
    contactShadow(cx + 20, floor, 220, 12, 0.18),
    rect(x + 36, floor - 110, 14, 106, "#7c8d99"),
    rect(x + 330, floor - 110, 14, 106, "#7c8d99"),
    rect(x + 20, floor - 8, 46, 9, "#5f6f7b", { rx: 3 }),
    rect(x + 314, floor - 8, 46, 9, "#5f6f7b", { rx: 3 }),
    rect(x, top, 380, 460, "#c5d3de", { rx: 6 }),
    rect(x + 8, top + 8, 364, 444, "#d8e2ea", { rx: 3 }),
    rect(x, top, 380, 460, "url(#shadeR)", { rx: 6 }),
    poster(spec, x + 34, top + 28, 312, 404, seed),
  ].join("");
}

/** A large touchscreen Smartboard on a rolling stand, showing a landscape poster. */
function smartboard(cx: number, floor: number, spec: PosterSpec, seed: number, s = 1): string {
  const w = 560;
  const h = 330;
  const x = -w / 2;
  const y = -560;
  const rnd = mulberry32(seed);
  const size = 24;
  const lines = wrap(spec.title, "bold", size, w - 60, 1.12).slice(0, 2);
  const band = 30 + lines.length * size * 1.15 + 18;
  const col = (cx0: number, cw: number) =>
    Array.from({ length: 8 }, (_, i) =>
      rect(cx0, y + band + 30 + i * 16, cw * (0.7 + rnd() * 0.3), 6, C.line, { rx: 3 }),
    ).join("");
  const parts = [
    contactShadow(20, 0, 240, 14, 0.2),
    rect(-14, y + h, 28, 520 - h, "#5f6f7b"),
    rect(-150, -30, 300, 16, "#5f6f7b", { rx: 6 }),
    circle(-140, -8, 12, "#2a3640"),
    circle(140, -8, 12, "#2a3640"),
    rect(x - 20, y - 20, w + 40, h + 56, "#1f2a33", { rx: 16 }),
    rect(x, y, w, h, C.white),
    rect(x, y, w, band, spec.color),
    ...lines.map((l, i) =>
      text(x + 22, y + 14 + (i + 1) * size * 1.15, l, { size, fill: C.white, weight: "bold" }),
    ),
    text(x + 22, y + band - 12, spec.name, { size: 15, fill: C.white, opacity: 0.9 }),
    col(x + 22, 150),
    chart(spec.chart, x + 200, y + band + 24, 160, h - band - 50, seed),
    col(x + 390, 150),
    rect(x, y, w, h, "url(#hiTL)", { opacity: 0.3 }),
    text(0, y + h + 26, "SMART", { size: 14, fill: "#8796a3", anchor: "middle", spacing: 3 }),
  ];
  return group(parts.join(""), { transform: `translate(${cx} ${floor}) scale(${s})` });
}

function posterHall(tone: "cool" | "warm", banner: string): string {
  return [
    roomShell(tone, 740),
    ...Array.from({ length: 10 }, (_, i) => {
      const xb = -400 + i * 240;
      return line(750 + (xb - 750) * 0.12, 746, xb, 1000, C.white, {
        "stroke-width": 2,
        opacity: 0.35,
      });
    }),
    lamps([140, 1360]),
    line(500, 0, 520, 40, C.slate, { "stroke-width": 3 }),
    line(1000, 0, 980, 40, C.slate, { "stroke-width": 3 }),
    rect(420, 36, 660, 96, "url(#bannerGrad)", { rx: 8 }),
    rect(420, 122, 660, 10, C.amber, { rx: 4 }),
    text(750, 100, banner, {
      size: 40,
      fill: C.white,
      weight: "bold",
      anchor: "middle",
      spacing: 4,
    }),
  ].join("");
}

function bannerDefs(): string {
  return gradient("bannerGrad", [
    [0, "#2479a3"],
    [1, C.primaryDark],
  ]);
}

/** Front-facing people lined up for a photo; rows are given back to front. */
function groupPhoto(seed: number, rows: ReadonlyArray<readonly [number, number, number]>): string {
  const rnd = mulberry32(seed);
  return rows
    .map(([feet, s, n]) => {
      const span = 1100;
      return Array.from({ length: n }, (_, i) => {
        const x = 200 + (span / (n - 1)) * i + (rnd() - 0.5) * 20;
        return person(randomLook(rnd), {
          x,
          feet: feet + (rnd() - 0.5) * 8,
          s,
          front: true,
          badge: rnd() < 0.5,
        });
      }).join("");
    })
    .join("");
}

// ---------------------------------------------------------------------------------------------
// The photos: each scene is drawn from the program, so slides and posters name real entries.
// ---------------------------------------------------------------------------------------------
type Shot = { slug: string; alt: string; caption: string; draw: () => string };
type Gallery = { title: string; shots: Shot[] };

const LOOKS: Record<string, Look> = {
  sophia: { skin: SKIN[4], hair: HAIR[0], style: "long", shirt: C.accent, pants: C.ink },
  ryan: { skin: SKIN[0], hair: HAIR[5], style: "short", shirt: "#5d7f94", pants: C.ink },
  aisha: { skin: SKIN[3], hair: HAIR[1], style: "bun", shirt: C.amber, pants: C.slate },
  miriam: { skin: SKIN[5], hair: HAIR[4], style: "long", shirt: "#c96f5a", pants: C.ink },
  officer: { skin: SKIN[1], hair: HAIR[1], style: "curly", shirt: C.primary, pants: C.slate },
  emma: { skin: SKIN[0], hair: HAIR[5], style: "bun", shirt: C.leaf, pants: C.ink },
  arjun: { skin: SKIN[2], hair: HAIR[1], style: "short", shirt: C.primary, pants: C.sand },
  amara: { skin: SKIN[3], hair: HAIR[1], style: "curly", shirt: C.amber, pants: C.primaryDeep },
  isabella: { skin: SKIN[5], hair: HAIR[0], style: "long", shirt: "#f3f5f7", pants: C.slate },
  minji: { skin: SKIN[4], hair: HAIR[1], style: "bun", shirt: C.accent, pants: C.ink },
  priya: { skin: SKIN[2], hair: HAIR[0], style: "long", shirt: C.leaf, pants: C.ink },
  elif: {
    skin: SKIN[1],
    hair: HAIR[2],
    style: "long",
    shirt: C.primary,
    pants: C.sand,
    skirt: true,
  },
  leilani: { skin: SKIN[5], hair: HAIR[1], style: "curly", shirt: "#c96f5a", pants: C.slate },
  gabriela: { skin: SKIN[4], hair: HAIR[4], style: "bun", shirt: C.amber, pants: C.primaryDeep },
};

function look(key: string): Look {
  const l = LOOKS[key];
  if (!l) throw new Error(`No look ${key}`);
  return l;
}

/** "Name (Institution)" with the University of California campuses shortened to UC. */
function short(inst: string): string {
  return inst
    .replace("University of California, ", "UC ")
    .replace("California State University, ", "CSU ")
    .replace("University of Southern California", "USC");
}

function slideFor(year: number, name: string, chartKind: Chart, kicker: string): SlideSpec {
  const it = findItem(year, name);
  const p = presenterOf(it);
  return {
    kicker,
    title: it.title.replace(KEYNOTE, "").replace(LIGHTNING, ""),
    name: p.name,
    inst: p.institution,
    chart: chartKind,
  };
}

function posterFor(year: number, name: string, color: string, chartKind: Chart): PosterSpec {
  const it = findItem(year, name);
  return {
    title: it.title,
    name: `${presenterOf(it).name} · ${short(presenterOf(it).institution)}`,
    color,
    chart: chartKind,
  };
}

function visitor(rnd: () => number, x: number, feet: number, s: number): string {
  return person(randomLook(rnd), { x, feet, s });
}

function posterPresenterScene(
  year: number,
  name: string,
  key: string,
  o: { color: string; chart: Chart; seed: number; other: string },
): string {
  const rnd = mulberry32(o.seed);
  return [
    posterHall(o.seed % 2 ? "warm" : "cool", `SCULC ${year}`),
    posterBoard(520, 900, posterFor(year, name, o.color, o.chart), o.seed),
    posterBoard(1290, 880, posterFor(year, o.other, C.slate, "donut"), o.seed + 7),
    person(look(key), {
      x: 820,
      feet: 920,
      s: 0.95,
      front: true,
      badge: true,
      point: true,
      flip: false,
    }),
    visitor(rnd, 1060, 960, 0.95),
    visitor(rnd, 200, 990, 1.0),
    lightBeam(60, 300, 0.1),
  ].join("");
}

function gallery2022(): Gallery[] {
  const sophia = findItem(2022, "Sophia Martinez");
  const sophiaBy = presenterOf(sophia);
  const ryan = findItem(2022, "Ryan O'Connell");
  const aisha = findItem(2022, "Aisha Rahman");
  const keynote = keynoteOf(2022);
  const kp = presenterOf(keynote);
  const emma = findItem(2022, "Emma Johansson");
  const hana = findItem(2022, "Hana Tesfaye");
  const kicker = "SCULC 2022 · Session 1";
  return [
    {
      title: "Morning talks",
      shots: [
        {
          slug: "morning-talk-lectern",
          alt:
            `Sophia Martinez speaks at the SCULC lectern beside a projected slide titled ` +
            `“${sophia.title}”, while a camera on a tripod streams her talk to Zoom.`,
          caption: `Sophia Martinez (${short(sophiaBy.institution)}) opens the day, live on Zoom.`,
          draw: () =>
            talkScene({
              seed: 21,
              slide: slideFor(2022, "Sophia Martinez", "wave", kicker),
              presenter: look("sophia"),
              screenSide: "right",
              tone: "cool",
              camera: true,
              label: "SCULC",
            }),
        },
        {
          slug: "morning-remote-audience",
          alt:
            "A laptop on a table in the hall shows a Zoom gallery of nine remote attendees, " +
            `while Ryan O’Connell presents “${ryan.title}” on the screen behind it.`,
          caption: "Virtual attendees followed every talk on Zoom.",
          draw: () =>
            laptopScene(
              {
                seed: 22,
                slide: slideFor(2022, "Ryan O'Connell", "bars", kicker),
                presenter: look("ryan"),
                screenSide: "right",
                tone: "cool",
                point: true,
              },
              REMOTE_NAMES,
            ),
        },
        {
          slug: "morning-audience",
          alt:
            "Seen from the back of the Pavilion Main Hall, rows of students listen as Aisha " +
            `Rahman presents “${aisha.title}” from the lectern.`,
          caption: `A full hall for Aisha Rahman’s talk on turn-taking in Zoom classrooms.`,
          draw: () =>
            talkScene({
              seed: 23,
              slide: slideFor(2022, "Aisha Rahman", "pitch", kicker),
              presenter: look("aisha"),
              screenSide: "left",
              tone: "cool",
              wide: true,
              camera: true,
            }),
        },
      ],
    },
    {
      title: "Virtual posters on Smartboards",
      shots: [
        {
          slug: "smartboards-row",
          alt:
            "Two large touchscreen Smartboards on rolling stands show virtual posters on " +
            "Cantonese sentence-final particles and Punjabi stops, with students browsing them.",
          caption: "Virtual posters, shown on Smartboards in the Pavilion Gallery.",
          draw: () => {
            const rnd = mulberry32(31);
            return [
              posterHall("cool", "SCULC 2022 · POSTERS"),
              smartboard(430, 900, posterFor(2022, "Karen Wong", C.primary, "bars"), 31),
              smartboard(1070, 900, posterFor(2022, "Arjun Singh", C.amberDark, "wave"), 32),
              person(look("arjun"), {
                x: 1380,
                feet: 930,
                s: 0.9,
                front: true,
                badge: true,
                point: true,
              }),
              visitor(rnd, 300, 980, 0.95),
              visitor(rnd, 620, 990, 0.92),
              visitor(rnd, 930, 1000, 0.95),
              lightBeam(60, 300, 0.1),
            ].join("");
          },
        },
        {
          slug: "smartboard-presenter",
          alt:
            `Emma Johansson points to her poster “${emma.title}” on a Smartboard ` +
            "while a visitor holding the program listens.",
          caption: "Emma Johansson walks visitors through her poster on quotative like.",
          draw: () => {
            const rnd = mulberry32(33);
            return [
              posterHall("warm", "SCULC 2022 · POSTERS"),
              smartboard(640, 930, posterFor(2022, "Emma Johansson", C.leaf, "donut"), 33, 1.35),
              person(look("emma"), {
                x: 1180,
                feet: 940,
                s: 1,
                front: true,
                badge: true,
                point: true,
              }),
              visitor(rnd, 1380, 1010, 1.05),
              lightBeam(60, 300, 0.1),
            ].join("");
          },
        },
        {
          slug: "smartboard-remote",
          alt:
            `Hana Tesfaye’s poster “${hana.title}” fills a Smartboard while a laptop on a ` +
            "cart beside it connects remote visitors by video call.",
          caption: "Remote presenters joined their poster sessions by video call.",
          draw: () => {
            const rnd = mulberry32(34);
            return [
              posterHall("cool", "SCULC 2022 · POSTERS"),
              smartboard(520, 900, posterFor(2022, "Hana Tesfaye", C.accent, "tree"), 34, 1.15),
              // A cart with a laptop on the call.
              contactShadow(1150, 900, 160, 12, 0.2),
              rect(1030, 600, 240, 14, "#7c8d99", { rx: 4 }),
              rect(1042, 614, 12, 280, "#7c8d99"),
              rect(1246, 614, 12, 280, "#7c8d99"),
              rect(1030, 760, 240, 10, "#7c8d99", { rx: 4 }),
              rect(1040, 420, 220, 160, "#2a3640", { rx: 10 }),
              callGrid(1050, 430, 200, 140, 35, [
                "Hana",
                "Leo",
                "Mei",
                "Sam",
                "Hana T.",
                "Ola",
                "Raj",
                "Tom",
                "Uma",
              ]),
              pathEl("M1020 580h260l16 20h-292z", "#b8c3cc"),
              visitor(rnd, 860, 1000, 1.0),
              visitor(rnd, 1380, 1010, 1.0),
              lightBeam(60, 300, 0.1),
            ].join("");
          },
        },
      ],
    },
    {
      title: "Keynote and closing",
      shots: [
        {
          slug: "keynote-castellanos",
          alt:
            `${kp.name} delivers the keynote, “${keynote.title.replace(KEYNOTE, "")}”, ` +
            "at the lectern in front of a projected title slide and a streaming camera.",
          caption: `${kp.name} (${short(kp.institution)}) gives the 2022 keynote.`,
          draw: () =>
            talkScene({
              seed: 41,
              slide: slideFor(2022, kp.name, "map", "SCULC 2022 · Keynote"),
              presenter: look("miriam"),
              screenSide: "left",
              tone: "warm",
              camera: true,
              point: true,
            }),
        },
        {
          slug: "closing-remarks",
          alt:
            "A society officer at the lectern gives the closing remarks in front of a thank-you " +
            "slide, as the audience in the hall and on Zoom applauds.",
          caption: "Closing remarks: thank you to every presenter, in the room and online.",
          draw: () =>
            talkScene({
              seed: 42,
              slide: {
                kicker: "SCULC 2022 · Closing",
                title: "Thank you for joining SCULC 2022!",
                name: SOCIETY,
                inst: "See you next May",
                chart: "donut",
              },
              presenter: look("officer"),
              screenSide: "right",
              tone: "warm",
              camera: true,
            }),
        },
        {
          slug: "group-photo",
          alt:
            "Presenters and organizers pose in two rows under the SCULC 2022 banner, next to a " +
            "wall screen showing the remote attendees for a virtual group photo.",
          caption: "The virtual group photo: everyone in the room, and everyone on Zoom.",
          draw: () =>
            [
              posterHall("warm", "SCULC 2022"),
              rect(1090, 200, 380, 250, "#2a3640", { rx: 12 }),
              callGrid(1102, 212, 356, 226, 51, REMOTE_NAMES),
              rect(1270, 450, 20, 80, "#7c8d99"),
              groupPhoto(52, [
                [800, 0.78, 8],
                [930, 0.9, 7],
              ]),
              lightBeam(60, 300, 0.1),
            ].join(""),
        },
      ],
    },
  ];
}

function gallery2023(): Gallery[] {
  const keynote = keynoteOf(2023);
  const kp = presenterOf(keynote);
  const kt = keynote.title.replace(KEYNOTE, "");
  const talker = (
    name: string,
    key: string,
    chartKind: Chart,
    seed: number,
    side: "left" | "right",
  ): Shot => {
    const it = findItem(2023, name);
    const p = presenterOf(it);
    return {
      slug: `presenter-${name.toLowerCase().replace(/[^a-z]+/g, "-")}`,
      alt: `${name} of ${p.institution} presents “${it.title}” from the lectern beside her slides.`,
      caption: `${name} (${short(p.institution)}) presents her talk.`,
      draw: () =>
        talkScene({
          seed,
          slide: slideFor(2023, name, chartKind, "SCULC 2023"),
          presenter: look(key),
          screenSide: side,
          tone: seed % 2 ? "warm" : "cool",
          point: seed % 2 === 0,
        }),
    };
  };
  const posterer = (
    name: string,
    key: string,
    color: string,
    chartKind: Chart,
    seed: number,
    other: string,
  ): Shot => {
    const it = findItem(2023, name);
    const p = presenterOf(it);
    return {
      slug: `presenter-${name.toLowerCase().replace(/[^a-z]+/g, "-")}`,
      alt:
        `${name} of ${p.institution} points to her poster “${it.title}” ` +
        "during the poster session.",
      caption: `${name} (${short(p.institution)}) at her poster.`,
      draw: () => posterPresenterScene(2023, name, key, { color, chart: chartKind, seed, other }),
    };
  };
  return [
    {
      title: "Keynote",
      shots: [
        {
          slug: "keynote-nwosu",
          alt: `${kp.name} of ${kp.institution} opens her keynote, “${kt}”, at the lectern.`,
          caption: `${kp.name} (${short(kp.institution)}) delivers the 2023 keynote.`,
          draw: () =>
            talkScene({
              seed: 61,
              slide: slideFor(2023, kp.name, "wave", "SCULC 2023 · Keynote"),
              presenter: look("amara"),
              screenSide: "right",
              tone: "warm",
              point: true,
            }),
        },
        {
          slug: "keynote-hall",
          alt:
            "From the back of the Pavilion Main Hall, a full audience listens to " +
            `${kp.name}’s keynote on endangered-language archives.`,
          caption: "A full Main Hall for the keynote.",
          draw: () =>
            talkScene({
              seed: 62,
              slide: slideFor(2023, kp.name, "wave", "SCULC 2023 · Keynote"),
              presenter: look("amara"),
              screenSide: "right",
              tone: "warm",
              wide: true,
            }),
        },
      ],
    },
    {
      title: "Presenters",
      shots: [
        talker("Isabella Cruz", "isabella", "vowels", 71, "right"),
        talker("Minji Choi", "minji", "bars", 72, "left"),
        talker("Priya Raman", "priya", "eye", 73, "right"),
        posterer("Elif Aydin", "elif", C.primary, "vowels", 74, "Owen Mitchell"),
        posterer("Leilani Faleolo", "leilani", C.amberDark, "bars", 75, "Ava Thompson"),
        posterer("Gabriela Alvarez", "gabriela", C.leaf, "map", 76, "Henry Lee"),
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Output.
// ---------------------------------------------------------------------------------------------
async function writeWebp(dir: string, slug: string, page: Page, widths: readonly number[]) {
  for (const width of widths) {
    const svg = Buffer.from(svgDoc(page.body, page.defs, page.vw, page.vh, width));
    await sharp(svg)
      .webp(WEBP)
      .toFile(path.join(dir, `${slug}-${width}.webp`));
  }
  if (PREVIEW_DIR) {
    const svg = Buffer.from(svgDoc(page.body, page.defs, page.vw, page.vh, page.vw));
    await sharp(svg)
      .png()
      .toFile(path.join(PREVIEW_DIR, `${path.basename(dir)}-${slug}.png`));
  }
}

function photoOf(
  slug: string,
  alt: string,
  vw: number,
  vh: number,
  widths: readonly number[],
  caption?: string,
): Photo {
  if (caption && caption.length >= 90) throw new Error(`Caption too long: ${caption}`);
  const big = widths[widths.length - 1] ?? vw;
  return {
    slug,
    alt,
    caption,
    width: big,
    height: Math.round((big * vh) / vw),
    widths: [...widths],
  };
}

async function writeGalleries(
  year: number,
  galleries: Gallery[],
): Promise<Array<{ title: string; photos: Photo[] }>> {
  const dir = path.join(IMG_DIR, `${year}`);
  const out: Array<{ title: string; photos: Photo[] }> = [];
  for (const g of galleries) {
    const photos: Photo[] = [];
    for (const shot of g.shots) {
      const page: Page = { vw: W, vh: H, defs: sceneDefs() + bannerDefs(), body: shot.draw() };
      await writeWebp(dir, shot.slug, page, PHOTO_WIDTHS);
      photos.push(photoOf(shot.slug, shot.alt, W, H, PHOTO_WIDTHS, shot.caption));
    }
    out.push({ title: g.title, photos });
  }
  return out;
}

/** TypeScript source for a Photo, in the project's Biome formatting. */
function photoTs(p: Photo, indent: string): string {
  const i2 = `${indent}  `;
  const lines = [
    `${indent}{`,
    `${i2}slug: ${JSON.stringify(p.slug)},`,
    `${i2}alt: ${JSON.stringify(p.alt)},`,
    p.caption ? `${i2}caption: ${JSON.stringify(p.caption)},` : "",
    `${i2}width: ${p.width},`,
    `${i2}height: ${p.height},`,
    `${i2}widths: [${p.widths.join(", ")}],`,
    `${indent}}`,
  ];
  return lines.filter(Boolean).join("\n");
}

function galleriesTs(name: string, galleries: Array<{ title: string; photos: Photo[] }>): string {
  const body = galleries
    .map(
      (g) =>
        `  {\n    title: ${JSON.stringify(g.title)},\n    photos: [\n` +
        `${g.photos.map((p) => `${photoTs(p, "      ")},`).join("\n")}\n    ],\n  },`,
    )
    .join("\n");
  return `export const ${name}: { title: string; photos: Photo[] }[] = [\n${body}\n];\n`;
}

const MANIFEST_HEAD =
  "// Generated by scripts/generate-conference-media.ts from app/content/sculc/programs.ts;\n" +
  "// edit the script and re-run it rather than editing this file.\n" +
  "// Files are {slug}-{width}.webp.\n" +
  'import type { Photo } from "~/content/sculc/program-types";\n\n';

async function main(): Promise<void> {
  const scratch = await PDFDocument.create();
  metrics = await embedFonts(scratch);
  for (const year of [2022, 2023, 2024])
    await mkdir(path.join(IMG_DIR, `${year}`), { recursive: true });
  await mkdir(DOC_DIR, { recursive: true });
  if (PREVIEW_DIR) await mkdir(PREVIEW_DIR, { recursive: true });

  for (const year of [2025, 2023, 2022]) {
    const { bytes, pages } = await programPdf(year);
    await writeFile(path.join(DOC_DIR, `sculc-${year}-program.pdf`), bytes);
    if (PREVIEW_DIR) {
      for (const [i, ops] of pages.entries()) {
        await sharp(Buffer.from(pageSvg(ops)))
          .png()
          .toFile(path.join(PREVIEW_DIR, `pdf-${year}-page-${i + 1}.png`));
      }
    }
  }

  const g2022 = await writeGalleries(2022, gallery2022());
  await writeFile(
    path.join(IMG_DIR, "2022/index.ts"),
    MANIFEST_HEAD +
      galleriesTs("sculc2022Galleries", g2022) +
      '\nexport const sculc2022PhotoCredit = "Photos by Sam Whitaker, class of 2023";\n',
  );

  const g2023 = await writeGalleries(2023, gallery2023());
  const scheduleWidths = [600, 1000, 1400] as const;
  await writeWebp(path.join(IMG_DIR, "2023"), "schedule", schedule2023(), scheduleWidths);
  const schedule = photoOf(
    "schedule",
    "The SCULC 2023 schedule for Saturday, May 27, from check-in at 9:00 AM through two " +
      "presentation sessions, the keynote, lunch, the poster session and lightning talks to " +
      "the closing at 5:30 PM.",
    1400,
    1800,
    scheduleWidths,
  );
  await writeFile(
    path.join(IMG_DIR, "2023/index.ts"),
    MANIFEST_HEAD +
      galleriesTs("sculc2023Galleries", g2023) +
      `\nexport const sculc2023Schedule: Photo = ${photoTs(schedule, "").trimStart()};\n`,
  );

  const programWidths = [480, 800, 1100] as const;
  const pages2024: Array<[Page, string]> = [
    [
      programCover2024(),
      "The cover of the SCULC 2024 program: the society’s speech-bubble logo, the date " +
        "Saturday, May 18, 2024, 9:00 AM to 5:00 PM at the Student Center Pavilion, and " +
        "the keynote.",
    ],
    [
      programSchedule2024(),
      "The schedule page of the SCULC 2024 program, listing each session, talk and presenter " +
        "from check-in at 9:00 AM to the closing at 5:00 PM.",
    ],
    [
      programPosters2024(),
      "The last page of the SCULC 2024 program, listing the five posters with their presenters " +
        "and a thank-you note to presenters, mentors and volunteers.",
    ],
  ];
  const programPhotos: Photo[] = [];
  for (const [i, [page, alt]] of pages2024.entries()) {
    const slug = `program-page-${i + 1}`;
    await writeWebp(path.join(IMG_DIR, "2024"), slug, page, programWidths);
    programPhotos.push(photoOf(slug, alt, PROG_W, PROG_H, programWidths));
  }
  await writeFile(
    path.join(IMG_DIR, "2024/index.ts"),
    `${MANIFEST_HEAD}export const sculc2024ProgramPages: Photo[] = [\n` +
      `${programPhotos.map((p) => `${photoTs(p, "  ")},`).join("\n")}\n];\n`,
  );
  console.log("Wrote 3 program PDFs, 17 photos, the 2023 schedule and 3 program pages.");
}

await main();
