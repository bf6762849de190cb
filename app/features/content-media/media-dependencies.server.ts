import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import { uploadAdmission } from "~/lib/uploads/upload-admission.server";
import type { MediaDependencies } from "./media-upload.server";

/** The site's media dependencies: its database, file storage, logger and upload limits. */
export function getMediaDependencies(): MediaDependencies {
  const handle = getDatabase();
  const logger = getLogger();
  return {
    db: handle.db,
    storage: getFileStorage(),
    logger,
    admission: uploadAdmission(handle, logger),
  };
}
