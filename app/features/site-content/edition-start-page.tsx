import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { editionEditorPaths } from "./edition-paths";

export type StartEditionView = { currentYear: number; nextYear: number; nextExists: boolean };
export type StartEditionAction =
  | { reason: "exists" | "invalid"; year: number; message: string }
  | { reason: "signed-out"; message: string };

/** The page that starts next year's conference from this year's. */
export function StartEditionPage({
  view,
  action,
}: {
  view: StartEditionView;
  action?: StartEditionAction;
}) {
  const { currentYear, nextYear } = view;
  const exists = view.nextExists || action?.reason === "exists";
  return (
    <section className="card admin-panel" aria-labelledby="start-heading">
      <h1 id="start-heading">Start SCULC {nextYear}</h1>
      {exists ? (
        <p className="message message--error" role={action ? "alert" : undefined}>
          SCULC {nextYear} has already been started.{" "}
          <Link to={editionEditorPaths.edition(nextYear)}>Open the SCULC {nextYear} draft</Link>
        </p>
      ) : (
        <>
          <p>
            SCULC {nextYear} starts as a copy of SCULC {currentYear}, with every date moved one year
            later. Visitors see nothing of it until you publish it; once published, it becomes the
            current conference: the SCULC menu, the call for abstracts, review and the program
            follow it.
          </p>
          <h2>What is copied</h2>
          <ul>
            <li>The pages and their sections, with the year in titles and texts moved on.</li>
            <li>The guidelines for abstracts, the talk length and the limits.</li>
            <li>
              The conference date, the abstract deadline, the confirm-by date and the final
              materials date, each one year later.
            </li>
          </ul>
          <h2>What is left out</h2>
          <ul>
            <li>Last year's presentations, recap and photos.</li>
            <li>Last year's printed program: the program section says it is coming.</li>
          </ul>
          <p>The next screen lists what to check before publishing.</p>
          <FormMessage message={action?.message} />
          <Form method="post">
            <SubmitButton pendingLabel={`Starting SCULC ${nextYear}...`}>
              Start SCULC {nextYear}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
