import path from "node:path";
import { getEnv } from "../env.server";
import { singleton } from "../singleton.server";
import type { FileStorage } from "./file-storage";
import { createLocalFileStorage } from "./local-file-storage.server";
import { createS3FileStorage } from "./s3-file-storage.server";

/** The process's file storage: DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. */
export function getFileStorage(): FileStorage {
  return singleton("file-storage", () => {
    const env = getEnv();
    if (env.s3) return createS3FileStorage(env.s3);
    return createLocalFileStorage(path.join(env.dataDir, "uploads"));
  });
}
