import { Readable } from "node:stream";
import { getCurrentEdition } from "~/content/editions";
import { requireUser } from "~/features/accounts/session.server";
import { refusePdfBeforeDeclaration } from "~/features/review/conflict-declarations.server";
import { notFound, requireReviewerRole } from "~/features/review/review-access.server";
import { parseAbstractNumber } from "~/features/review/review-paths";
import { openAbstractForReviewer } from "~/features/review/reviewer-reviews.server";
import { uploadedPdfHeaders } from "~/features/submissions/download-headers";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import type { Route } from "./+types/review-abstract-file";

/**
 * An assigned abstract's reviewers' copy (its pages only, without the file's properties, comments or
 * attachments), named by its number only: the author's file name is not read, so it cannot leak
 * through a header. The same protective headers as every uploaded file
 * (features/submissions/download-headers.ts says why).
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const viewer = requireUser(context, url);
  requireReviewerRole(viewer);
  const number = parseAbstractNumber(params.number);
  if (number === null) return notFound();
  const dependencies = getSubmissionDependencies();
  const refusal = await refusePdfBeforeDeclaration(dependencies.db, {
    reviewerId: viewer.id,
    editionYear: getCurrentEdition().year,
    number,
  });
  if (refusal) return refusal;
  const file = await openAbstractForReviewer(dependencies, {
    reviewerId: viewer.id,
    editionYear: getCurrentEdition().year,
    number,
  });
  if (!file) return notFound();
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: uploadedPdfHeaders(file.size, `inline; filename="abstract-${number}.pdf"`),
  });
}
