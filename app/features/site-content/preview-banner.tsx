import { Link } from "~/components/link";
import { contentAreaPath } from "./content-labels";
import "./content-editor.css";

/** Across the top of a preview, so nobody takes it for the public page. */
export function PreviewBanner({ backHref }: { backHref: string | null }) {
  return (
    <div className="content-preview-banner" role="note" aria-label="Preview">
      <p>
        <strong>Preview — not published.</strong> This is the page with every saved draft, as
        visitors will see it once the drafts are published.{" "}
        <Link to={backHref ?? contentAreaPath}>Back to editing</Link>
      </p>
    </div>
  );
}
