import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import { uploadAdmission } from "~/lib/uploads/upload-admission.server";
import type { SubmissionDependencies } from "./submissions.server";

export function getSubmissionDependencies(): SubmissionDependencies {
  const handle = getDatabase();
  const logger = getLogger();
  return {
    db: handle.db,
    storage: getFileStorage(),
    logger,
    admission: uploadAdmission(handle, logger),
  };
}
