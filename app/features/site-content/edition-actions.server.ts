import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import {
  type ContentActor,
  type ContentDocument,
  publishDraft,
  readDocument,
  saveDraft,
} from "./content-store.server";
import { checkEditionForm } from "./edition-check.server";
import {
  applyListIntent,
  type FormTree,
  type FormValue,
  mergeTrees,
  readListIntent,
  readPostedTree,
  toDocument,
  toFormState,
  valueAt,
} from "./edition-form";
import type { EditionDocument } from "./edition-next";
import { editionEditorPaths } from "./edition-paths";
import { isAddableSectionKind, newSection } from "./edition-sections";
import { checkEditionMedia } from "./edition-uploads.server";

/** What the edition forms show after a post: the form as posted (refused) or as saved. */
export type EditionFormAnswer = {
  status: "saved" | "invalid" | "stale" | "published" | "unchanged";
  message: string;
  tree?: FormTree;
  issues?: Record<string, string>;
  revision?: number;
  /** New on every answer: the form is re-drawn from what the answer holds. */
  stamp: string;
  redirectTo?: string;
  /** The add-a-page form's fields as posted, when it was refused. */
  newPage?: Record<string, string>;
};

/** The HTTP status of an answer: a refusal is 400, a save over someone else's 409. */
export function answerStatus(answer: EditionFormAnswer): number {
  if (answer.status === "invalid") return 400;
  return answer.status === "stale" ? 409 : 200;
}

/** Which form posted: the edition's own fields, or one page with all its sections. */
export type EditionFormScope = { form: "edition" } | { form: "page"; page: number };

const staleMessage =
  "Someone else saved this edition since you opened it, so nothing was saved. Your text is still here: copy what you need, then open the edition again to see their changes.";

const answer = (fields: Omit<EditionFormAnswer, "stamp">): EditionFormAnswer => ({
  ...fields,
  stamp: crypto.randomUUID(),
});

const issueMap = (issues: { path: string; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));

/**
 * One post of an edition form: save (whatever button was pressed, after applying it), add a page, add
 * a section, or publish. A refusal stores nothing and answers with the form as posted.
 */
export async function handleEditionForm(
  db: Kysely<Database>,
  input: {
    year: number;
    scope: EditionFormScope;
    /** The editor, or why nobody may save now (signed out while typing): the form comes back as posted. */
    actor: ContentActor | { refusal: string };
    formData: FormData;
  },
): Promise<EditionFormAnswer | null> {
  const ref = { kind: "edition" as const, key: String(input.year) };
  const document = await readDocument(db, ref);
  if (!document) return null;
  const revision = Number(input.formData.get("revision"));
  const intent = String(input.formData.get("intent") ?? "save");
  const { actor } = input;
  const saved = toFormState(document.draft as EditionDocument);
  const postedOverSaved = () => {
    const posted = readPostedTree(input.formData.entries());
    const mergeByIndex =
      input.scope.form === "edition" ? [/^pages$/, /^pages\.\d+\.sections$/] : [/^pages$/];
    return keepSavedFiles(saved, mergeTrees(saved, posted, mergeByIndex) as FormTree);
  };
  if ("refusal" in actor) {
    return {
      status: "invalid",
      message: actor.refusal,
      tree: postedOverSaved(),
      revision,
      stamp: crypto.randomUUID(),
    };
  }
  if (intent === "publish") return publish(db, ref, revision, actor);
  if (intent === "add-page") return addPage(db, document, saved, { ...input, actor });
  const tree = postedOverSaved();

  // An added row is shown at once but saved only once it is filled in; everything else saves as shown.
  let shown = tree;
  let stored = tree;
  const sectionMatch = /^add-section:(pages\.\d+\.sections)$/.exec(intent);
  const kind = String(input.formData.get("newSectionKind") ?? "");
  if (sectionMatch?.[1] && isAddableSectionKind(kind)) {
    const list = sectionMatch[1];
    const taken = (valueAt(tree, list) as FormValue[] | undefined) ?? [];
    const ids = taken.map((section) => String(valueAt(section, "id") ?? ""));
    shown = applyListIntent(tree, { action: "add", list, item: newSection(kind, ids) });
  }
  const listIntent = readListIntent(intent);
  if (listIntent) {
    shown = applyListIntent(tree, listIntent);
    if (listIntent.action !== "add") stored = shown;
  }
  return save(db, ref, { shown, stored, revision, actor });
}

/**
 * A program PDF shipped with the site is named in its section (`file`): the forms never change that
 * name (a name with no file behind it would break the page), so it is taken from the saved draft by
 * anchor, and a posted one is ignored. An uploaded PDF is the section's `document`, posted like any
 * field and checked when saved.
 */
function keepSavedFiles(saved: FormTree, tree: FormTree): FormTree {
  const sectionsOf = (value: FormValue | undefined) =>
    ((value as FormTree[] | undefined) ?? []).flatMap(
      (page) => (page.sections as FormTree[] | undefined) ?? [],
    );
  const files = new Map(
    sectionsOf(saved.pages)
      .filter((section) => section.kind === "program-document")
      .map((section) => [section.id, section.file]),
  );
  for (const section of sectionsOf(tree.pages)) {
    if (section.kind !== "program-document") continue;
    const file = files.get(section.id);
    if (file) section.file = file;
    else delete section.file;
  }
  return tree;
}

async function save(
  db: Kysely<Database>,
  ref: { kind: "edition"; key: string },
  form: { shown: FormTree; stored: FormTree; revision: number; actor: ContentActor },
): Promise<EditionFormAnswer> {
  const body = toDocument(form.stored);
  const formIssues = checkEditionForm(body);
  const issues = formIssues.length
    ? formIssues
    : await checkEditionMedia(db, body as EditionDocument);
  if (issues.length) {
    return answer({
      status: "invalid",
      message: "",
      tree: form.shown,
      issues: issueMap(issues),
      revision: form.revision,
    });
  }
  const outcome = await saveDraft(db, ref, body, { basedOn: form.revision, actor: form.actor });
  if (outcome.ok) {
    return answer({
      status: "saved",
      message: "Draft saved successfully. Visitors see it once you publish.",
      tree: form.shown,
      revision: outcome.value.draftRevision,
    });
  }
  if (outcome.reason === "stale") {
    return answer({
      status: "stale",
      message: staleMessage,
      tree: form.shown,
      revision: form.revision,
    });
  }
  if (outcome.reason === "invalid") {
    return answer({
      status: "invalid",
      message: "",
      tree: form.shown,
      issues: issueMap(outcome.issues),
      revision: form.revision,
    });
  }
  return answer({
    status: "stale",
    message: "This edition is no longer there: nothing was saved.",
    tree: form.shown,
    revision: form.revision,
  });
}

const newPageFields = ["slug", "navLabel", "title", "description"] as const;

/** A new sub-page, made of one text section, saved at once so its own form can open. */
async function addPage(
  db: Kysely<Database>,
  document: ContentDocument,
  saved: FormTree,
  input: { year: number; actor: ContentActor; formData: FormData },
): Promise<EditionFormAnswer> {
  const field = (name: string) => String(input.formData.get(`newPage${name}`) ?? "").trim();
  const page = Object.fromEntries(
    newPageFields.map((name) => [name, field(name[0]?.toUpperCase() + name.slice(1))]),
  ) as Record<(typeof newPageFields)[number], string>;
  const newPage = Object.fromEntries(
    newPageFields.map((name) => [`newPage${name[0]?.toUpperCase()}${name.slice(1)}`, page[name]]),
  );
  const pages = (saved.pages as FormTree[] | undefined) ?? [];
  const index = pages.length;
  const tree = {
    ...saved,
    pages: [
      ...pages,
      {
        ...page,
        sections: [
          { kind: "text", id: "about", heading: page.title, paragraphs: [page.description] },
        ],
      },
    ],
  };
  const found = checkEditionForm(toDocument(tree));
  const issues: Record<string, string> = {};
  for (const issue of found) {
    const match = new RegExp(`^pages\\.${index}\\.(\\w+)`).exec(issue.path);
    const name = match?.[1];
    if (name && (newPageFields as readonly string[]).includes(name)) {
      issues[`newPage${name[0]?.toUpperCase()}${name.slice(1)}`] ??= issue.message;
    }
  }
  if (!page.slug) issues.newPageSlug = "Fill this in: the page's address ends with it.";
  else if (pages.some((existing) => existing.slug === page.slug)) {
    issues.newPageSlug = "Another page of this edition has this address.";
  }
  const revision = Number(input.formData.get("revision"));
  if (Object.keys(issues).length || found.length) {
    return answer({
      status: "invalid",
      message: Object.keys(issues).length ? "" : found.map((issue) => issue.message).join(" "),
      issues,
      newPage,
      revision,
    });
  }
  const outcome = await saveDraft(db, { kind: "edition", key: document.key }, toDocument(tree), {
    basedOn: revision,
    actor: input.actor,
  });
  if (!outcome.ok) {
    return answer({ status: "stale", message: staleMessage, newPage, revision });
  }
  return answer({
    status: "saved",
    message: "Page added successfully.",
    revision: outcome.value.draftRevision,
    redirectTo: editionEditorPaths.page(input.year, index),
  });
}

async function publish(
  db: Kysely<Database>,
  ref: { kind: "edition"; key: string },
  revision: number,
  actor: ContentActor,
): Promise<EditionFormAnswer> {
  const outcome = await publishDraft(db, ref, { basedOn: revision, actor });
  if (outcome.ok) {
    return answer({
      status: "published",
      message: `Published successfully as version ${outcome.value.version}: visitors see it now.`,
    });
  }
  if (outcome.reason === "unchanged") {
    return answer({
      status: "unchanged",
      message: "Nothing to publish: visitors already see this draft.",
    });
  }
  if (outcome.reason === "stale") {
    return answer({
      status: "stale",
      message:
        "Someone saved this edition since you opened it, so nothing was published. Open the edition again, check their changes, then publish.",
    });
  }
  if (outcome.reason === "invalid") {
    return answer({
      status: "invalid",
      message: `The draft needs fixing before it can be published: ${outcome.issues.map((issue) => issue.message).join(" ")}`,
    });
  }
  return answer({ status: "stale", message: "This edition is no longer there." });
}
