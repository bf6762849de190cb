import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { BoardSeason } from "~/content/board/types";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import {
  changeMembers,
  isMemberIntent,
  type MemberValues,
  newSeasonForm,
  readSeasonForm,
  readSeasonIntent,
  type SeasonFormValues,
  seasonFieldMessages,
  seasonFromForm,
  seasonToForm,
} from "./board-season-form";
import { type PortraitUploadMessage, withUploadedPortrait } from "./board-season-portraits.server";
import { checkDocument } from "./content-kinds.server";
import {
  boardPreviewPath,
  documentTitle,
  editPath,
  historyPath,
  publishState,
  publishStateWords,
} from "./content-labels";
import {
  type ContentActor,
  type ContentDocument,
  listDocuments,
  publishDraft,
  readDocument,
  saveDraft,
  takeOffSite,
} from "./content-store.server";
import { type PictureThumbnails, pictureUploadQuery } from "./page-forms-pictures";
import { pictureThumbnails } from "./page-forms-pictures.server";

const kind = "board-season" as const;

export type SeasonStatus = {
  stateText: string;
  savedAtText: string;
  publishedVersion: number | null;
  isOnSite: boolean;
  hasUnpublishedChanges: boolean;
};

export type SeasonEditorView = {
  /** The season's id for an existing season; null on "Add a season". */
  season: string | null;
  title: string;
  values: SeasonFormValues;
  basedOn: number | null;
  status: SeasonStatus | null;
  paths: { history: string | null; preview: string };
  /** The previews of the members' uploaded portraits, by media id. */
  portraits: PictureThumbnails;
  /** What a portrait sent without JavaScript came to (put on its member below, or refused). */
  portraitMessage: PortraitUploadMessage | null;
  /** The field the cursor starts in (the alt text of a portrait just uploaded). */
  focus: string | null;
  /** Changes when an upload changed the values, so the form is drawn again from them. */
  formKey: string;
};

/** What the form shows after a post that did not leave the page: the posted text, always. */
export type SeasonActionData = {
  values: SeasonFormValues;
  basedOn: number | null;
  fieldErrors: Record<string, string>;
  message: string;
  /** "notice" for a change applied but not saved; "error" for a refusal. */
  tone: "notice" | "error";
  focus: string | null;
  /** When someone else saved first: who is on their saved version, so the editor can compare. */
  stale: { savedAtText: string; members: string[] } | null;
  /** A new form each time, so the browser shows the values sent back rather than what it kept. */
  formKey: string;
  /** The previews of the portraits the values name (none when the post was refused unread). */
  portraits: PictureThumbnails;
};

/** The previews of the members' uploaded portraits, in one query; a deleted media has none. */
function portraitThumbnails(db: Kysely<Database>, values: SeasonFormValues) {
  return pictureThumbnails(db, {
    members: values.members.map((member) => ({ media: member.portraitMedia })),
  });
}

function statusOf(document: ContentDocument): SeasonStatus {
  const summary = { ...document, isOnSite: document.published !== null };
  return {
    stateText: publishStateWords[publishState(summary)],
    savedAtText: formatConferenceDateTime(document.draftSavedAt),
    publishedVersion: document.publishedVersion,
    isOnSite: summary.isOnSite,
    hasUnpublishedChanges: document.hasUnpublishedChanges,
  };
}

/** The newest season's saved draft, the one a new season starts from. */
async function newestSeason(db: Kysely<Database>): Promise<BoardSeason | null> {
  const [newest] = (await listDocuments(db, kind)).sort((a, b) => b.key.localeCompare(a.key));
  if (!newest) return null;
  const document = await readDocument(db, { kind, key: newest.key });
  return (document?.draft as BoardSeason | undefined) ?? null;
}

/**
 * The form for a season (null: a new one), or null when no such season exists. `query` is the
 * address's: after a portrait upload without JavaScript it names the member and the stored picture
 * (put on the member, unsaved) or the refusal.
 */
export async function loadSeasonEditor(
  db: Kysely<Database>,
  season: string | null,
  query: URLSearchParams = new URLSearchParams(),
): Promise<SeasonEditorView | null> {
  const preview = boardPreviewPath;
  if (season === null) {
    return {
      season: null,
      title: "Add a season",
      values: newSeasonForm(await newestSeason(db)),
      basedOn: null,
      status: null,
      paths: { history: null, preview },
      portraits: {},
      portraitMessage: null,
      focus: null,
      formKey: "loaded-new",
    };
  }
  const document = await readDocument(db, { kind, key: season });
  if (!document) return null;
  const uploaded = await withUploadedPortrait(
    db,
    seasonToForm(document.draft as BoardSeason),
    query,
  );
  const values = uploaded.values;
  return {
    season,
    title: documentTitle(kind, season),
    values,
    basedOn: document.draftRevision,
    status: statusOf(document),
    paths: { history: historyPath(kind, season), preview },
    portraits: await portraitThumbnails(db, values),
    portraitMessage: uploaded.message,
    focus: uploaded.focus,
    formKey: `loaded-${document.draftRevision}-${query.get(pictureUploadQuery.added) ?? ""}`,
  };
}

/** The notice a season's page shows after a redirect, from its query string. */
export function seasonNotice(url: URL): string | null {
  const published = url.searchParams.get("published");
  if (published) return `Version ${published} was published successfully: visitors see it now.`;
  if (url.searchParams.has("saved"))
    return "Draft saved successfully. Visitors see it once you publish.";
  if (url.searchParams.has("discarded"))
    return "Your changes were discarded successfully: the draft is what visitors see again.";
  if (url.searchParams.has("removed"))
    return "The season was taken off the site successfully. Its draft is kept: publish it to bring it back.";
  return null;
}

function answer(
  values: SeasonFormValues,
  basedOn: number | null,
  status: number,
  fields: Partial<SeasonActionData>,
) {
  return data<SeasonActionData>(
    {
      values,
      basedOn,
      fieldErrors: {},
      message: "",
      tone: "error",
      focus: null,
      stale: null,
      formKey: crypto.randomUUID(),
      portraits: {},
      ...fields,
    },
    { status },
  );
}

function readBasedOn(form: FormData): number | null {
  const value = Number(form.get("basedOn"));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function memberLabel(member: { name?: unknown; position?: unknown }): string {
  return `${String(member.name ?? "")} (${String(member.position ?? "")})`;
}

/**
 * The form sent back as posted with one message and nothing saved: for a post the route refuses
 * before it reaches the form's logic (its editor was signed out meanwhile).
 */
export function refusedSeasonForm(season: string | null, form: FormData, message: string) {
  const values = readSeasonForm(form);
  if (season !== null) values.season = season;
  return answer(values, season === null ? null : readBasedOn(form), 401, { message });
}

/**
 * The season form's every button. Adding, removing and moving members change the posted values and
 * send them back unsaved; saving (and saving to preview or publish) checks the whole season and
 * stores nothing when anything is wrong. Whatever is refused, the editor gets back what they typed.
 */
export async function handleSeasonAction(
  db: Kysely<Database>,
  actor: ContentActor,
  season: string | null,
  form: FormData,
) {
  // Every answer that shows the form again shows its portraits' previews (a save redirects instead).
  const result = await seasonAction(db, actor, season, form);
  result.data.portraits = await portraitThumbnails(db, result.data.values);
  return result;
}

async function seasonAction(
  db: Kysely<Database>,
  actor: ContentActor,
  season: string | null,
  form: FormData,
) {
  if (form.get("intent") === "take-off" && season !== null) {
    return takeSeasonOff(db, actor, season, readBasedOn(form) ?? 0);
  }
  if (form.get("intent") === "discard" && season !== null) {
    return discardChanges(db, actor, season, readBasedOn(form) ?? 0);
  }
  const values = readSeasonForm(form);
  // A season's years are its key: an existing season keeps them, whatever the form sends.
  if (season !== null) values.season = season;
  let basedOn = season === null ? null : readBasedOn(form);
  const intent = readSeasonIntent(form);

  if (isMemberIntent(intent)) {
    const changed = changeMembers(values, intent);
    if (!changed) {
      return answer(values, basedOn, 400, {
        message: "That change is not possible: nothing was changed.",
      });
    }
    return answer(changed.values, basedOn, 200, {
      message: changed.message,
      tone: "notice",
      focus: changed.focus,
    });
  }

  const { body, issues: formIssues } = seasonFromForm(values);
  const checked = checkDocument(kind, body);
  const fieldErrors = {
    ...seasonFieldMessages(checked.ok ? [] : checked.issues),
    ...Object.fromEntries(formIssues.map((issue) => [issue.field, issue.message])),
  };
  if (Object.keys(fieldErrors).length) {
    const count = Object.keys(fieldErrors).length;
    return answer(values, basedOn, 400, {
      fieldErrors,
      message: `Nothing was saved: ${count === 1 ? "one field needs" : `${count} fields need`} a change, marked below.`,
      focus: Object.keys(fieldErrors)[0] ?? null,
    });
  }

  const saved = await saveDraft(db, { kind, key: season }, body, { basedOn, actor });
  if (!saved.ok) {
    if (saved.reason === "stale") {
      const current = saved.current.draft as { members?: MemberValues[] };
      basedOn = saved.current.draftRevision;
      return answer(values, basedOn, 409, {
        message:
          "Someone else saved this season after you opened it, so nothing of yours was saved. Your text is still in the form below. To keep your version, press “Save draft” again: it replaces theirs. To start from theirs instead, open the season again from the content list (copy anything you want to keep first).",
        stale: {
          savedAtText: formatConferenceDateTime(saved.current.draftSavedAt),
          members: (current.members ?? []).map(memberLabel),
        },
      });
    }
    if (saved.reason === "exists") {
      return answer(values, basedOn, 409, {
        message: "Nothing was saved: that season already exists.",
        fieldErrors: {
          season: `The ${values.season} season already exists. To change it, open it from the content list; for a new board, write the next years.`,
        },
        focus: "season",
      });
    }
    if (saved.reason === "invalid") {
      return answer(values, basedOn, 400, {
        message: "Nothing was saved: check the fields marked below.",
        fieldErrors: seasonFieldMessages(saved.issues),
      });
    }
    return answer(values, basedOn, 404, {
      message: "This season no longer exists: open the content list to see the seasons there are.",
    });
  }

  const path = editPath(kind, saved.value.key);
  if (intent.kind === "preview") throw redirect(`${boardPreviewPath}?season=${saved.value.key}`);
  if (intent.kind !== "publish") throw redirect(`${path}?saved=1`);
  const published = await publishDraft(
    db,
    { kind, key: saved.value.key },
    { basedOn: saved.value.draftRevision, actor },
  );
  if (published.ok) throw redirect(`${path}?published=${published.value.version}`);
  const message =
    published.reason === "unchanged"
      ? "Your draft was saved. Visitors already see exactly this version, so there was nothing new to publish."
      : published.reason === "stale"
        ? "Your draft was saved, but someone else saved again before it could be published. Check the season below, then publish again."
        : "Your draft was saved but could not be published: check the fields marked below.";
  return answer(values, saved.value.draftRevision, published.reason === "unchanged" ? 200 : 409, {
    message,
    tone: published.reason === "unchanged" ? "notice" : "error",
    fieldErrors: published.reason === "invalid" ? seasonFieldMessages(published.issues) : {},
  });
}

async function takeSeasonOff(
  db: Kysely<Database>,
  actor: ContentActor,
  season: string,
  basedOn: number,
) {
  const outcome = await takeOffSite(db, { kind, key: season }, { basedOn, actor });
  if (outcome.ok) throw redirect(`${editPath(kind, season)}?removed=1`);
  const message =
    outcome.reason === "unchanged"
      ? "This season is not on the site: there is nothing to take off."
      : outcome.reason === "stale"
        ? "Someone saved this season since you opened it: look at it again below, then take it off the site if you still want to."
        : "This season no longer exists.";
  const document = await readDocument(db, { kind, key: season });
  const values = document
    ? seasonToForm(document.draft as BoardSeason)
    : { season, members: [] as MemberValues[] };
  return answer(values, document?.draftRevision ?? null, 409, { message });
}

/** Puts the draft back to what visitors see: a save of the published version, checked like any save. */
async function discardChanges(
  db: Kysely<Database>,
  actor: ContentActor,
  season: string,
  basedOn: number,
) {
  const document = await readDocument(db, { kind, key: season });
  if (document?.published) {
    const saved = await saveDraft(db, { kind, key: season }, document.published, {
      basedOn,
      actor,
    });
    if (saved.ok) throw redirect(`${editPath(kind, season)}?discarded=1`);
  }
  const message = !document
    ? "This season no longer exists."
    : !document.published
      ? "Visitors do not see this season, so there is no published version to go back to."
      : "Someone saved this season since you opened it: look at it again below, then discard if you still want to.";
  const values = document
    ? seasonToForm(document.draft as BoardSeason)
    : { season, members: [] as MemberValues[] };
  return answer(values, document?.draftRevision ?? null, 409, { message });
}
