import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";

/** What a refused final-materials form shows (with the refusal's status), and the way back. */
export function FinalMaterialsResultPage({ message }: { message: string | null }) {
  return (
    <section className="section">
      <div className="container stack">
        <h1>Final materials</h1>
        {message ? (
          <FormMessage message={message} />
        ) : (
          <p>Upload your slides or poster on your congratulations page.</p>
        )}
        <p>
          <Link to="/sculc/congratulations-page#final-materials-heading">
            Back to your congratulations page
          </Link>
        </p>
      </div>
    </section>
  );
}
