import type { Kysely } from "kysely";
import { shippedContent } from "~/content/shipped-content";
import { singleDocumentKey } from "~/content/site-content";
import type { Database } from "~/lib/db/schema";
import {
  type ContentActor,
  type ContentDocument,
  publishDraft,
  readDocument,
  saveDraft,
} from "./content-store.server";
import {
  documentFromValues,
  type FormValues,
  fieldForIssue,
  type PageForm,
  pageFormKinds,
  pageFormShapes,
  readPostedFields,
  valuesFromDocument,
  valuesFromPosted,
} from "./page-forms-fields";
import { applyListIntent, type PageFormIntent, readPageFormIntent } from "./page-forms-intents";
import { type PictureThumbnails, pictureUploadQuery } from "./page-forms-pictures";
import {
  pictureThumbnails,
  uploadRefusalFromQuery,
  withUploadedPictures,
} from "./page-forms-pictures.server";

/**
 * Loading and saving the page forms. Every button saves: the whole form is the draft, and a list
 * change (add, remove, move) is applied to what was typed before it is saved. A refusal stores
 * nothing and gives the form back as typed, each problem beside its field; a save over a draft someone
 * else saved first (another tab, another editor) is refused as stale, and the form, still as typed,
 * is then based on their save, so pressing Save again replaces it knowingly.
 */

export type PageFormStatus = {
  /** The draft revision the form was opened at ("" before the document exists). */
  basedOn: string;
  draftSavedAt: string | null;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
};

export type PageFormView = PageFormStatus & {
  form: PageForm;
  values: FormValues;
  /** Previews of the pictures the values name, by media id. */
  pictures: PictureThumbnails;
  /** What an upload sent without JavaScript came to (the picture added below, or its refusal). */
  notice: { tone: "success" | "error"; text: string } | null;
  /** Changes when pictures were added, so the form is drawn again from `values`. */
  formKey: string;
};

export type PageFormResult = {
  values: FormValues;
  basedOn: string;
  /** Problems by field name (dotted path). */
  errors: Record<string, string>;
  message: { tone: "success" | "error"; text: string };
  /** Changes whenever the form must be drawn again from `values` (a list changed, a save). */
  formKey: string;
  pictures: PictureThumbnails;
};

const ref = (form: PageForm) => ({ kind: pageFormKinds[form], key: singleDocumentKey });

function statusOf(document: ContentDocument | null): PageFormStatus {
  return {
    basedOn: document ? String(document.draftRevision) : "",
    draftSavedAt: document?.draftSavedAt ?? null,
    publishedVersion: document?.publishedVersion ?? null,
    hasUnpublishedChanges: document?.hasUnpublishedChanges ?? true,
  };
}

const shipped: Record<PageForm, unknown> = {
  home: shippedContent.home,
  footer: shippedContent.settings,
  naclo: shippedContent.naclo,
  events: shippedContent.events,
};

/**
 * The form from the stored draft. `query` is the address's: after an upload sent without JavaScript
 * it names the new pictures (added to the list, unsaved, for the editor to describe) or the refusal.
 */
export async function loadPageForm(
  db: Kysely<Database>,
  form: PageForm,
  query: URLSearchParams = new URLSearchParams(),
): Promise<PageFormView> {
  const document = await readDocument(db, ref(form));
  // Only a database emptied by hand has no document: the form starts from what the site shipped.
  const body = document ? document.draft : shipped[form];
  const added = query.getAll(pictureUploadQuery.added);
  const { values, added: count } = await withUploadedPictures(
    db,
    form,
    valuesFromDocument(pageFormShapes[form], body),
    added,
  );
  const refusal = uploadRefusalFromQuery(query);
  const status = statusOf(document);
  return {
    form,
    values,
    pictures: await pictureThumbnails(db, values),
    notice: refusal
      ? { tone: "error", text: `The picture was not added. ${refusal}` }
      : count
        ? {
            tone: "success",
            text: "The picture was uploaded and added at the end of the list. Describe it in its alt text, then press Save draft: it is not saved until you do.",
          }
        : null,
    formKey: `loaded-${status.basedOn}-${added.join(",")}`,
    ...status,
  };
}

const itemNames: Record<string, string> = {
  carousel: "picture",
  social: "social link",
  events: "event",
  "openRound.notes": "note",
  "openRound.bring": "thing to bring",
  "trainingSession.notes": "note",
};

function doneMessage(intent: PageFormIntent): string {
  const item = "list" in intent ? (itemNames[intent.list] ?? "item") : "";
  switch (intent.type) {
    case "add":
      return `A new ${item} was added at the end of the list: fill it in, then save. The rest of the form was saved successfully as the draft.`;
    case "remove":
      return `The ${item} was removed and the draft saved successfully. Visitors see the change once you publish.`;
    case "up":
    case "down":
      return `The ${item} was moved and the draft saved successfully. Visitors see the change once you publish.`;
    case "publish":
      return "Published successfully: visitors see this version now.";
    default:
      return "Draft saved successfully. Visitors still see the published version until you publish.";
  }
}

/** The form as it was posted, unsaved, with a message (the editor's session ended while they typed). */
export function returnPageFormUnsaved(
  form: PageForm,
  formData: FormData,
  text: string,
): PageFormResult {
  const posted = readPostedFields(formData);
  return {
    values: valuesFromPosted(pageFormShapes[form], posted),
    basedOn: posted.get("basedOn") ?? "",
    errors: {},
    message: { tone: "error", text },
    formKey: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    // Without a session the previews are not looked up; each row still shows its alt text.
    pictures: {},
  };
}

/** Saves (or publishes) the posted form; the result carries the previews of its pictures. */
export async function handlePageFormAction(
  db: Kysely<Database>,
  form: PageForm,
  actor: ContentActor,
  formData: FormData,
): Promise<PageFormResult> {
  const result = await savePageForm(db, form, actor, formData);
  return { ...result, pictures: await pictureThumbnails(db, result.values) };
}

async function savePageForm(
  db: Kysely<Database>,
  form: PageForm,
  actor: ContentActor,
  formData: FormData,
): Promise<Omit<PageFormResult, "pictures">> {
  const shape = pageFormShapes[form];
  const posted = readPostedFields(formData);
  const postedBasedOn = posted.get("basedOn") ?? "";
  const formKey = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const refuse = (
    values: FormValues,
    text: string,
    errors: Record<string, string> = {},
    basedOn = postedBasedOn,
  ): Omit<PageFormResult, "pictures"> => ({
    values,
    basedOn,
    errors,
    message: { tone: "error", text },
    formKey,
  });

  const intent = readPageFormIntent(shape, posted.get("intent"));
  const typed = valuesFromPosted(shape, posted);
  if (!intent) return refuse(typed, "That button is not one this form knows. Nothing was saved.");
  const values = applyListIntent(shape, typed, intent);
  const basedOn = /^\d+$/.test(postedBasedOn) ? Number(postedBasedOn) : null;

  const saved = await saveDraft(db, ref(form), documentFromValues(form, values), {
    basedOn,
    actor,
  });
  if (!saved.ok) {
    if (saved.reason === "invalid") {
      const errors: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const issue of saved.issues) {
        const field = fieldForIssue(shape, values, issue.path);
        if (field) errors[field] ??= issue.message;
        else elsewhere.push(issue.message);
      }
      const text = [
        "Nothing was saved: some fields need a change first (see the messages beside them).",
        ...new Set(elsewhere),
      ].join(" ");
      return refuse(values, text, errors);
    }
    if (saved.reason === "stale") {
      return refuse(
        values,
        "Someone else saved this page while you were editing (in another tab or on another device), so nothing was saved. Everything you typed is still below. Press Save draft to replace their version with yours, or open this page again to see theirs first.",
        {},
        String(saved.current.draftRevision),
      );
    }
    if (saved.reason === "exists") {
      return refuse(
        values,
        "This page was created elsewhere while you were editing, so nothing was saved. Everything you typed is still below: open the page again, then make your changes there.",
      );
    }
    return refuse(values, "This page could not be saved. Nothing was saved; please try again.");
  }

  const savedValues =
    intent.type === "save" || intent.type === "publish"
      ? valuesFromDocument(shape, saved.value.draft)
      : values;
  const savedRevision = String(saved.value.draftRevision);
  if (intent.type !== "publish") {
    return {
      values: savedValues,
      basedOn: savedRevision,
      errors: {},
      message: { tone: "success", text: doneMessage(intent) },
      formKey,
    };
  }
  const published = await publishDraft(db, ref(form), {
    basedOn: saved.value.draftRevision,
    actor,
  });
  if (published.ok || published.reason === "unchanged") {
    return {
      values: savedValues,
      basedOn: savedRevision,
      errors: {},
      message: {
        tone: "success",
        text: published.ok
          ? doneMessage(intent)
          : "Saved successfully. Visitors already see exactly this, so there was nothing new to publish.",
      },
      formKey,
    };
  }
  if (published.reason === "stale") {
    return refuse(
      savedValues,
      "Your draft was saved, but someone else changed this page at the same moment, so it was not published. Check the page, then press Publish again.",
      {},
      String(published.current.draftRevision),
    );
  }
  return refuse(
    savedValues,
    "Your draft was saved, but it could not be published. Please try again in a moment.",
    {},
    savedRevision,
  );
}
