/**
 * The anonymity check: whether an abstract's file names any of its authors, where, and how. It reads the
 * file's metadata texts (Info fields and XMP) and its first page, for the submitter and every co-author:
 * names (each word of three letters or more, whole words, ignoring case and accents), email addresses,
 * and affiliations. It warns; it never refuses.
 */

/** Where in the file: an Info field, the XMP packet, or the first page's text. */
export type AnonymityPlace =
  | "title"
  | "author"
  | "subject"
  | "keywords"
  | "creator"
  | "producer"
  | "xmp"
  | "first-page";
export type AnonymityFinding = "name" | "email" | "affiliation";
/** The submitter's own details, or a co-author's. */
export type AnonymityWhose = "yours" | "coauthor";
/** A warning code, stored in the abstract's warnings: never the words found, only what and where. */
export type AnonymityWarning = `identifies:${AnonymityPlace}:${AnonymityFinding}:${AnonymityWhose}`;

export type AnonymityAuthor = {
  whose: AnonymityWhose;
  name: string;
  email: string | null;
  affiliation: string;
};

export type AnonymitySource = { place: AnonymityPlace; text: string };

const places: readonly AnonymityPlace[] = [
  "title",
  "author",
  "subject",
  "keywords",
  "creator",
  "producer",
  "xmp",
  "first-page",
];
const findings: readonly AnonymityFinding[] = ["name", "email", "affiliation"];

/**
 * Text as searched for an author's details: without case or diacritics, punctuation and spacing kept,
 * because an address needs its "@" and "." to be found ("ana.cruz@uni.edu" must not match "ana cruz
 * uni edu"). Not `foldName` (lib/fold-name.ts), which drops punctuation to compare names.
 */
function foldKeepingPunctuation(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function escapeForPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
}

/** Whether `phrase` stands in `haystack` (both folded) as whole words. */
function containsWords(haystack: string, phrase: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeForPattern(phrase)}($|[^\\p{L}\\p{N}])`, "u").test(
    haystack,
  );
}

/** The words of a name that identify (three letters or more), folded: "Ana de la Cruz" gives ana, cruz. */
export function nameWords(name: string): string[] {
  return foldKeepingPunctuation(name)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((word) => word.replace(/[^\p{L}]/gu, "").length >= 3);
}

function findsIn(text: string, finding: AnonymityFinding, author: AnonymityAuthor): boolean {
  if (finding === "name") return nameWords(author.name).some((word) => containsWords(text, word));
  if (finding === "email") {
    const email = foldKeepingPunctuation(author.email?.trim() ?? "");
    return email.includes("@") && text.includes(email);
  }
  const affiliation = foldKeepingPunctuation(author.affiliation.trim());
  return affiliation.replace(/[^\p{L}]/gu, "").length >= 3 && containsWords(text, affiliation);
}

/**
 * Every (place, finding, whose) the file gives away, each once, in a stable order. `authors` holds the
 * submitter (whose "yours") and the co-authors.
 */
export function findIdentifyingDetails(
  sources: readonly AnonymitySource[],
  authors: readonly AnonymityAuthor[],
): AnonymityWarning[] {
  const found = new Set<AnonymityWarning>();
  for (const source of sources) {
    const text = foldKeepingPunctuation(source.text);
    if (!text.trim()) continue;
    for (const finding of findings) {
      for (const author of authors) {
        if (findsIn(text, finding, author)) {
          found.add(`identifies:${source.place}:${finding}:${author.whose}`);
        }
      }
    }
  }
  const rank = (warning: AnonymityWarning) => {
    const [, place, finding, whose] = warning.split(":") as [
      string,
      AnonymityPlace,
      AnonymityFinding,
      AnonymityWhose,
    ];
    return (
      places.indexOf(place) * 100 + findings.indexOf(finding) * 10 + (whose === "yours" ? 0 : 1)
    );
  };
  return [...found].sort((a, b) => rank(a) - rank(b));
}

export function isAnonymityWarning(value: string): value is AnonymityWarning {
  const [kind, place, finding, whose] = value.split(":");
  return (
    kind === "identifies" &&
    places.includes(place as AnonymityPlace) &&
    findings.includes(finding as AnonymityFinding) &&
    (whose === "yours" || whose === "coauthor")
  );
}

const placeWords: Record<AnonymityPlace, string> = {
  title: "The PDF’s Title field",
  author: "The PDF’s Author field",
  subject: "The PDF’s Subject field",
  keywords: "The PDF’s Keywords field",
  creator: "The PDF’s Creator field (the program that made it)",
  producer: "The PDF’s Producer field (the program that made it)",
  xmp: "The PDF’s hidden XMP metadata",
  "first-page": "The first page of the abstract",
};

const findingWords: Record<AnonymityWhose, Record<AnonymityFinding, string>> = {
  yours: { name: "your name", email: "your email address", affiliation: "your affiliation" },
  coauthor: {
    name: "a co-author’s name",
    email: "a co-author’s email address",
    affiliation: "a co-author’s affiliation",
  },
};

/** What the author and the admins read: what was found, where, and how to fix it. */
export function describeAnonymityWarning(warning: AnonymityWarning): string {
  const [, place, finding, whose] = warning.split(":") as [
    string,
    AnonymityPlace,
    AnonymityFinding,
    AnonymityWhose,
  ];
  const fix =
    place === "first-page"
      ? "Remove it from the text, export the PDF again and upload the new file."
      : "Remove it in your word processor’s document properties (for example File › Info or File › Properties), export the PDF again and upload the new file.";
  return `${placeWords[place]} contains ${findingWords[whose][finding]}: reviewers must not learn who wrote the abstract. ${fix}`;
}
