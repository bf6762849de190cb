import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import type { EditionFormAnswer } from "./edition-actions.server";
import { editionEditorPaths } from "./edition-paths";

/** Where the edition stands, its preview and its publish button. */
export function PublishPanel({
  view,
  revision,
  answer,
}: {
  view: { year: number; publishedVersion: number | null; hasUnpublishedChanges: boolean };
  revision: number;
  answer?: EditionFormAnswer;
}) {
  const state =
    view.publishedVersion === null
      ? "Never published: visitors do not see this edition yet."
      : view.hasUnpublishedChanges
        ? `Published (version ${view.publishedVersion}), with changes saved since that visitors do not see yet.`
        : `Published (version ${view.publishedVersion}): visitors see this draft.`;
  const publishAnswer = answer && !answer.tree && !answer.newPage ? answer : undefined;
  return (
    <>
      <p>{state}</p>
      {view.publishedVersion === null ? (
        <p>Once published, SCULC {view.year} becomes the current conference if it is the newest.</p>
      ) : null}
      <p>
        <Link to={editionEditorPaths.preview(view.year)}>Preview the draft</Link>
      </p>
      <FormMessage message={publishAnswer?.message} />
      <Form method="post" action={editionEditorPaths.edition(view.year)}>
        <input type="hidden" name="revision" value={revision} />
        <SubmitButton intent="publish" pendingLabel="Publishing...">
          Publish SCULC {view.year}
        </SubmitButton>
      </Form>
    </>
  );
}
