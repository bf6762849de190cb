import { Link } from "~/components/link";
import "./page-forms.css";

/** Says, above a page drawn from the drafts, that visitors do not see it yet. */
export function PreviewBanner({ back }: { back: string }) {
  return (
    <p className="content-preview-banner" role="status">
      Preview — not published. Visitors still see the published version.{" "}
      <Link to={back}>Back to the form</Link>
    </p>
  );
}
