import { Readable } from "node:stream";
import { getCurrentEdition } from "~/content/editions";
import { requireUser } from "~/features/accounts/session.server";
import { refusePdfBeforeDeclaration } from "~/features/review/conflict-declarations.server";
import { notFound, requireReviewerRole } from "~/features/review/review-access.server";
import { parseAbstractNumber } from "~/features/review/review-paths";
import { openAbstractForReviewer } from "~/features/review/reviewer-reviews.server";
import { uploadedPdfHeaders } from "~/features/submissions/download-headers";
import { getDatabase } from "~/lib/db/db.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import type { Route } from "./+types/review-abstract-file";

/**
 * An assigned abstract's PDF for its reviewer, named by its number only: the author's file name is not
 * read, so it cannot leak through a header. The same protective headers as every uploaded file
 * (features/submissions/download-headers.ts says why).
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const viewer = requireUser(context, url);
  const { db } = getDatabase();
  requireReviewerRole(viewer);
  const number = parseAbstractNumber(params.number);
  if (number === null) return notFound();
  const refusal = await refusePdfBeforeDeclaration(db, {
    reviewerId: viewer.id,
    editionYear: getCurrentEdition().year,
    number,
  });
  if (refusal) return refusal;
  const file = await openAbstractForReviewer(
    { db, storage: getFileStorage() },
    { reviewerId: viewer.id, editionYear: getCurrentEdition().year, number },
  );
  if (!file) return notFound();
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: uploadedPdfHeaders(file.size, `inline; filename="abstract-${number}.pdf"`),
  });
}
