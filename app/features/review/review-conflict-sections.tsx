import { Form } from "react-router";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { reviewPaths } from "./review-paths";

// The review page's conflict-of-interest parts: the declaration before the PDF opens, and declaring a
// conflict instead (features/review/conflict-declarations.server.ts stores both). The page is a
// document: when the review form is on it (`reviewFormId`), these buttons send that form, so the
// scores and comments typed and not yet saved come back with the answer instead of being lost. Every
// form posts to the page's own address without its query (after a save it holds `?saved=`), so an
// answer never repeats the notice of a save.

/**
 * Before the PDF: the reviewer declares that they have no conflict of interest (stored with the time),
 * or goes to declare one. The PDF route refuses until the declaration is stored.
 */
export function DeclarationGate({
  number,
  canDeclareConflict,
  reviewFormId,
}: {
  number: number;
  canDeclareConflict: boolean;
  reviewFormId?: string;
}) {
  const buttons = (
    <>
      <SubmitButton intent="declare-no-conflict" pendingLabel="Saving..." form={reviewFormId}>
        I have no conflict of interest with this abstract
      </SubmitButton>
      {canDeclareConflict ? (
        <SubmitButton
          intent="ask-conflict"
          pendingLabel="Opening..."
          className="button button--secondary"
          form={reviewFormId}
        >
          I have a conflict
        </SubmitButton>
      ) : null}
    </>
  );
  return (
    <section className="card review-declaration" aria-labelledby="declaration-title">
      <h2 id="declaration-title">Before you open the abstract</h2>
      <p>
        Authors’ names are hidden from you, but you may still recognise the work: a classmate’s
        topic, your own project, a friend’s. Please confirm that you have no conflict of interest
        with abstract {number} before you read it. If you do have one, declare it below instead: the
        committee will give the abstract to another reviewer.
      </p>
      {reviewFormId ? (
        <div className="review-form__actions">{buttons}</div>
      ) : (
        <Form method="post" action={reviewPaths.abstract(number)} className="review-form__actions">
          {buttons}
        </Form>
      )}
    </section>
  );
}

/**
 * Declaring a conflict removes the abstract from the queue, so it takes two explicit posts: the first
 * answers with this confirmation step (with or without JavaScript).
 */
export function ConflictSection({
  number,
  isConfirming,
  reviewFormId,
}: {
  number: number;
  isConfirming: boolean;
  reviewFormId?: string;
}) {
  const question = (
    <>
      <p>
        If you know or may know who wrote this abstract (a classmate, a co-author, a friend), or
        cannot judge it fairly for another reason, declare a conflict.
      </p>
      <SubmitButton
        intent="ask-conflict"
        pendingLabel="Opening..."
        className="button button--secondary"
        form={reviewFormId}
      >
        Declare a conflict
      </SubmitButton>
    </>
  );
  return (
    <section className="review-conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Conflict of interest</h2>
      {isConfirming ? (
        <Form
          method="post"
          action={reviewPaths.abstract(number)}
          className="card review-conflict__confirm"
          replace
        >
          <p>
            <strong>Declare a conflict with abstract {number}?</strong> It leaves your queue, any
            draft is deleted, and the committee is told so that someone else reviews it. This cannot
            be undone by you.
          </p>
          <div className="review-form__actions">
            <SubmitButton
              intent="declare-conflict"
              pendingLabel="Declaring..."
              className="button button--danger"
            >
              Yes, declare a conflict
            </SubmitButton>
            {reviewFormId ? (
              <SubmitButton
                intent="keep-reviewing"
                pendingLabel="Cancel"
                className="button button--secondary"
                form={reviewFormId}
              >
                Cancel
              </SubmitButton>
            ) : (
              <Link to={reviewPaths.abstract(number)} className="button button--secondary">
                Cancel
              </Link>
            )}
          </div>
        </Form>
      ) : reviewFormId ? (
        <div>{question}</div>
      ) : (
        <Form method="post" action={reviewPaths.abstract(number)}>
          {question}
        </Form>
      )}
    </section>
  );
}
