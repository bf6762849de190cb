import { data } from "react-router";
import { accountMeta } from "~/features/accounts/account-meta";
import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import {
  galleriesFor,
  programPagesFor,
  scheduleImageFor,
} from "~/features/sculc/edition-media.server";
import { readDocument } from "~/features/site-content/content-store.server";
import { answerStatus, handleEditionForm } from "~/features/site-content/edition-actions.server";
import { toEditionPageEditorView } from "~/features/site-content/edition-editor-view.server";
import type { EditionDocument } from "~/features/site-content/edition-next";
import { EditionPageForm } from "~/features/site-content/edition-page-form";
import {
  editionMediaOf,
  withUploadedEditionFile,
} from "~/features/site-content/edition-uploads.server";
import pictureUploadsScriptUrl from "~/features/site-content/picture-uploads-script.ts?worker&url";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-edition-page";

export const meta: Route.MetaFunction = ({ params }) => accountMeta(`SCULC ${params.year} page`);

// A document, without framework JavaScript: the browser posts the form; the content editors' own
// script sends the sections' pictures and the program PDF with a progress bar, without leaving the
// page.
export const handle = documentPageHandleWithScript(pictureUploadsScriptUrl);
export const clientLoader = openAsDocument;

/**
 * What each media section shows now from the files that came with the site, in words, by section
 * anchor; nothing for a section whose own uploads replace them.
 */
function describeShippedFiles(edition: EditionDocument): Record<string, string[]> {
  const files: Record<string, string[]> = {};
  for (const section of edition.pages.flatMap((page) => page.sections)) {
    if (section.kind === "program-document") {
      if (section.file && !section.document) files[section.id] = [section.file];
    } else if (section.kind === "program-pages") {
      if (!section.pages?.length) {
        files[section.id] = programPagesFor(edition.year).map((image) => image.alt);
      }
    } else if (section.kind === "schedule-image") {
      const image = section.pictures?.length ? undefined : scheduleImageFor(edition.year);
      files[section.id] = image ? [image.alt] : [];
    } else if (section.kind === "gallery" && !section.galleries?.length) {
      files[section.id] = galleriesFor(edition.year).galleries.map(
        (gallery) => `${gallery.title}: ${gallery.images.length} photos`,
      );
    }
  }
  return files;
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const { db } = getDatabase();
  const document = await readDocument(db, { kind: "edition", key: params.year });
  const view =
    document &&
    toEditionPageEditorView(
      document,
      Number(params.page),
      describeShippedFiles(document.draft as EditionDocument),
    );
  if (!view) throw new Response("Not Found", { status: 404 });
  // Back from an upload without JavaScript: the file in its place, or why it was refused.
  const uploaded = await withUploadedEditionFile(db, view.tree, view.pageIndex, url.searchParams);
  return {
    ...view,
    tree: uploaded.tree,
    ...(uploaded.uploaded ? { uploadedUnsaved: uploaded.uploaded } : {}),
    ...(uploaded.uploadRefusal ? { uploadRefusal: uploaded.uploadRefusal } : {}),
    ...(await editionMediaOf(db, uploaded.tree)),
  };
}

export async function action({ context, url, params, request }: Route.ActionArgs) {
  const editor = contentEditorForAction(context, url);
  const answer = await handleEditionForm(getDatabase().db, {
    year: Number(params.year),
    scope: { form: "page", page: Number(params.page) },
    actor: editor.ok ? { id: editor.user.id } : { refusal: sessionEndedWhileEditing },
    formData: await request.formData(),
  });
  if (!answer) throw new Response("Not Found", { status: 404 });
  // A refused save shows pictures uploaded since the last save: their previews come with it.
  const media = answer.tree ? await editionMediaOf(getDatabase().db, answer.tree) : undefined;
  return data({ ...answer, media }, answerStatus(answer));
}

export default function AdminContentEditionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditionPageForm view={loaderData} answer={actionData} />;
}
