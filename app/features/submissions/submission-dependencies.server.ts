import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import type { SubmissionDependencies } from "./submissions.server";

export function getSubmissionDependencies(): SubmissionDependencies {
  return { db: getDatabase().db, storage: getFileStorage(), logger: getLogger() };
}
