import type { BoardMember, BoardSeason } from "~/content/board/types";
import { foldName } from "~/lib/fold-name";

/**
 * The board season form as posted: every field is text, exactly as typed, so a refused or re-shown
 * form gives back everything the editor wrote. Members are posted as "members.<index>.<field>"; the
 * index is the member's place on the page. Pure (no server code): the page and the action share it.
 */
export const memberFields = [
  "name",
  "position",
  "pronouns",
  "ipa",
  "major",
  "minor",
  "gradYear",
  "favoriteLingArea",
  "favoriteDrink",
] as const;

export type MemberField = (typeof memberFields)[number];

/**
 * `id` is kept in a hidden field: empty for a member added in the form, named from the name on save.
 * `portraitMedia` is the uploaded portrait's media id (hidden, set by the upload), `portraitAlt` its
 * alt text; both empty when the member has no uploaded portrait.
 */
export type MemberValues = { id: string; portraitMedia: string; portraitAlt: string } & Record<
  MemberField,
  string
>;

/** The portrait's posted fields, beside the member's text fields. */
export type PortraitField = "portraitMedia" | "portraitAlt";

export type SeasonFormValues = { season: string; members: MemberValues[] };

/** A season has a handful of members; a form posting more is not ours. */
export const maxMembers = 60;
const maxFieldLength = 300;

export function emptyMember(position = ""): MemberValues {
  return {
    id: "",
    portraitMedia: "",
    portraitAlt: "",
    name: "",
    position,
    pronouns: "",
    ipa: "",
    major: "",
    minor: "",
    gradYear: "",
    favoriteLingArea: "",
    favoriteDrink: "",
  };
}

export function memberFieldName(index: number, field: MemberField | PortraitField | "id"): string {
  return `members.${index}.${field}`;
}

/** The form's `focus` for a member's portrait file field (it has no name in the season form). */
export function portraitFileFocus(index: number): string {
  return `members.${index}.portraitFile`;
}

/** The posted form's values. Members come back in their index order, gaps closed. */
export function readSeasonForm(form: FormData): SeasonFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, maxFieldLength) : "";
  };
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = /^members\.(\d{1,3})\./.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  const members = [...indexes]
    .sort((a, b) => a - b)
    .slice(0, maxMembers)
    .map((index) => {
      const member = emptyMember();
      member.id = text(memberFieldName(index, "id"));
      for (const field of memberFields) member[field] = text(memberFieldName(index, field));
      member.portraitMedia = text(memberFieldName(index, "portraitMedia"));
      member.portraitAlt = text(memberFieldName(index, "portraitAlt"));
      return member;
    });
  return { season: text("season").trim(), members };
}

/**
 * The buttons that change the members without saving: the list (add, remove, move) and, without
 * JavaScript, a member's portrait (remove; with JavaScript the page removes it in place).
 */
export type MemberIntent =
  | { kind: "add-member" }
  | { kind: "remove-member" | "move-up" | "move-down" | "remove-portrait"; index: number };

export type SeasonIntent = { kind: "save" | "preview" | "publish" } | MemberIntent;

export function isMemberIntent(intent: SeasonIntent): intent is MemberIntent {
  return intent.kind !== "save" && intent.kind !== "preview" && intent.kind !== "publish";
}

/**
 * The pressed button: "save", "add-member", or a member's "move-up:3" or "remove-portrait:3". Unknown
 * buttons save.
 */
export function readSeasonIntent(form: FormData): SeasonIntent {
  const value = String(form.get("intent") ?? "save");
  if (value === "preview" || value === "publish") return { kind: value };
  if (value === "add-member") return { kind: value };
  const match = /^(remove-member|move-up|move-down|remove-portrait):(\d{1,3})$/.exec(value);
  if (match) {
    return {
      kind: match[1] as "remove-member" | "move-up" | "move-down" | "remove-portrait",
      index: Number(match[2]),
    };
  }
  return { kind: "save" };
}

export type ChangedForm = {
  values: SeasonFormValues;
  /** The field to put the cursor in when the page comes back, so the keyboard stays in place. */
  focus: string;
  /** Says what happened, and that it is not saved yet. */
  message: string;
};

/**
 * Adds, removes or moves a member in the posted values. Nothing is saved: the editor sees the change
 * and saves when ready (a new member's empty name could not be saved anyway).
 */
export function changeMembers(values: SeasonFormValues, intent: MemberIntent): ChangedForm | null {
  const members = [...values.members];
  const notSaved = "Not saved yet: press “Save draft” when you are done.";
  if (intent.kind === "add-member") {
    if (members.length >= maxMembers) return null;
    members.push(emptyMember());
    return {
      values: { ...values, members },
      focus: memberFieldName(members.length - 1, "name"),
      message: `Member ${members.length} added at the end. ${notSaved}`,
    };
  }
  const { index } = intent;
  const member = members[index];
  if (!member) return null;
  if (intent.kind === "remove-portrait") {
    if (!member.portraitMedia) return null;
    members[index] = { ...member, portraitMedia: "", portraitAlt: "" };
    const label = member.name.trim() || `Member ${index + 1}`;
    return {
      values: { ...values, members },
      // The cursor goes to the field that adds a portrait again, where the removed one was.
      focus: portraitFileFocus(index),
      message: `The portrait of ${label} was removed. ${notSaved}`,
    };
  }
  if (intent.kind === "remove-member") {
    members.splice(index, 1);
    const label = member.name.trim() || `Member ${index + 1}`;
    return {
      values: { ...values, members },
      focus: members.length ? memberFieldName(Math.min(index, members.length - 1), "name") : "add",
      message: `${label} removed. ${notSaved}`,
    };
  }
  const target = intent.kind === "move-up" ? index - 1 : index + 1;
  if (target < 0 || target >= members.length) return null;
  members.splice(index, 1);
  members.splice(target, 0, member);
  const label = member.name.trim() || `Member ${index + 1}`;
  return {
    values: { ...values, members },
    focus: memberFieldName(target, "name"),
    message: `${label} moved ${intent.kind === "move-up" ? "up" : "down"} to place ${target + 1}. ${notSaved}`,
  };
}

/** A member id from a name: "José Ng" -> "jose-ng"; a name in another script gets "member-3". */
export function memberIdFrom(name: string, place: number): string {
  const id = foldName(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return id || `member-${place}`;
}

export type FormIssue = { field: string; message: string };

/**
 * The document the form describes: fields left empty are left out (the card leaves them out too),
 * the graduation year becomes a number, and a member without an id gets one from their name, unique
 * in the season. Problems the schema cannot word for a person (a year that is not a number) are
 * returned here, by field name.
 */
export function seasonFromForm(values: SeasonFormValues): {
  body: BoardSeason;
  issues: FormIssue[];
} {
  const issues: FormIssue[] = [];
  const taken = new Set(values.members.map((member) => member.id.trim()).filter(Boolean));
  const members = values.members.map((posted, index) => {
    const member: Record<string, unknown> = {};
    let id = posted.id.trim();
    if (!id) {
      const base = memberIdFrom(posted.name, index + 1);
      id = base;
      for (let suffix = 2; taken.has(id); suffix++) id = `${base}-${suffix}`;
      taken.add(id);
    }
    member.id = id;
    for (const field of memberFields) {
      const value = posted[field].trim();
      if (field === "name" || field === "position") member[field] = value;
      else if (field === "gradYear") {
        if (!value) continue;
        if (/^\d{4}$/.test(value)) member.gradYear = Number(value);
        else {
          issues.push({
            field: memberFieldName(index, "gradYear"),
            message: "Write the year as four digits, like 2027.",
          });
        }
      } else if (value) member[field] = value;
    }
    // A portrait is its uploaded media with its alt text; the schema refuses it undescribed. Alt text
    // left without a picture (the portrait removed) is dropped.
    const media = posted.portraitMedia.trim();
    if (media) member.portrait = { media, alt: posted.portraitAlt.trim() };
    return member as BoardMember;
  });
  return { body: { id: values.season, members }, issues };
}

/** A stored season as the form shows it. */
export function seasonToForm(season: BoardSeason): SeasonFormValues {
  return {
    season: season.id,
    members: season.members.map((member) => {
      const values = emptyMember();
      values.id = member.id;
      for (const field of memberFields) {
        const value = member[field];
        values[field] = value === undefined ? "" : String(value);
      }
      values.portraitMedia = member.portrait?.media ?? "";
      values.portraitAlt = member.portrait?.alt ?? "";
      return values;
    }),
  };
}

/**
 * A new season's form: the year after the newest season, and that season's positions in its order
 * with every other field empty. A board mostly fills the same positions each year; the editor types
 * the names and removes a position nobody holds.
 */
export function newSeasonForm(newest: BoardSeason | null): SeasonFormValues {
  if (!newest) return { season: "", members: [emptyMember()] };
  const firstYear = Number(newest.id.slice(0, 4)) + 1;
  return {
    season: Number.isFinite(firstYear) ? `${firstYear}-${firstYear + 1}` : "",
    members: newest.members.map((member) => emptyMember(member.position)),
  };
}

const memberFieldLabels: Record<MemberField, string> = {
  name: "name",
  position: "position",
  pronouns: "pronouns",
  ipa: "pronunciation",
  major: "major",
  minor: "minor",
  gradYear: "graduation year",
  favoriteLingArea: "favourite area of linguistics",
  favoriteDrink: "favourite drink",
};

/**
 * The schema's issues ("members.2.name", "" for the whole season) as messages beside the form's
 * fields, worded for the person at the form. The first message of a field wins.
 */
export function seasonFieldMessages(
  issues: { path: string; message: string }[],
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const [first, index, field] = issue.path.split(".");
    let name = "form";
    let message = issue.message;
    if (first === "id" || (first === "" && /year/.test(issue.message))) {
      name = "season";
      message = "Write the season as two years in a row, like 2026-2027.";
    } else if (first === "members" && index !== undefined && field === "portrait") {
      // The portrait's own rules say what to write (pictureMessages); they sit by its alt text.
      name = memberFieldName(Number(index), "portraitAlt");
    } else if (first === "members" && index !== undefined && field !== undefined) {
      name = memberFieldName(Number(index), field as MemberField);
      const label = memberFieldLabels[field as MemberField] ?? field;
      message =
        field === "gradYear"
          ? "Write a year between 2000 and 2100."
          : `Fill in the ${label}, or remove this member.`;
      if (field !== "name" && field !== "position" && field !== "gradYear")
        message = `Check the ${label}.`;
    } else if (first === "members") {
      name = "members";
      message = "A season needs at least one member: add one.";
    } else if (first === "" && /unique/.test(issue.message)) {
      name = "members";
      message = "Two members have the same name: tell them apart (add an initial, say).";
    }
    messages[name] ??= message;
  }
  return messages;
}
