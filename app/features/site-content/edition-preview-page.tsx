import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { editionEditorPaths } from "./edition-paths";
import { PublishPanel } from "./edition-publish-panel";

export type EditionPreviewFrame = {
  year: number;
  revision: number;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
};

/**
 * The frame of an edition page's preview: a banner no one can mistake for the public page, the way
 * back to the form, and the publish button. The page itself is drawn by the public page's component.
 */
export function EditionPreview({
  frame,
  children,
}: {
  frame: EditionPreviewFrame;
  children: ReactNode;
}) {
  return (
    <div className="stack">
      <section className="card admin-panel" aria-labelledby="preview-heading">
        <p id="preview-heading" className="edition-preview-banner">
          Preview — not published
        </p>
        <p>
          This is SCULC {frame.year} as saved in the draft. Only editors see it.{" "}
          <Link to={editionEditorPaths.edition(frame.year)}>
            Back to editing SCULC {frame.year}
          </Link>
        </p>
        <PublishPanel view={frame} revision={frame.revision} />
      </section>
      <div className="edition-preview">{children}</div>
    </div>
  );
}
