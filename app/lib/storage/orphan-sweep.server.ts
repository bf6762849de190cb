import type { Logger } from "pino";
import type { FileStorage } from "./file-storage";

/**
 * A feature whose rows reference stored files: the key prefix its files live under, and the keys its
 * rows reference now. The features hand these in (the sweep knows no table).
 */
export type StoredFileOwner = {
  prefix: string;
  listReferencedKeys: () => Promise<ReadonlySet<string>>;
};

/**
 * Removes stored files that no owner's row references and that are older than the grace period (an
 * upload in progress has its file before its row), and the temporary files of uploads a crash cut off
 * (the storage driver tells those from uploads still streaming in a live process). Runs at start, in the
 * supervisor before any worker serves, and as `npm run sweep`.
 */
export async function sweepOrphanedFiles(
  deps: { storage: FileStorage; logger: Pick<Logger, "info"> },
  owners: readonly StoredFileOwner[],
  options: { graceMs?: number; now?: Date } = {},
): Promise<{ checked: number; removed: string[]; interrupted: number }> {
  const graceMs = options.graceMs ?? 60 * 60 * 1000;
  const now = options.now ?? new Date();
  const interrupted = await deps.storage.removeInterruptedUploads();
  if (interrupted)
    deps.logger.info({ removed: interrupted }, "removed temporary files of interrupted uploads");
  const removed: string[] = [];
  let checked = 0;
  for (const owner of owners) {
    // Read before listing: a file stored after this read is younger than the grace period.
    const referenced = await owner.listReferencedKeys();
    for await (const file of deps.storage.list(owner.prefix)) {
      checked++;
      if (now.getTime() - file.lastModified.getTime() < graceMs) continue;
      if (referenced.has(file.key)) continue;
      await deps.storage.delete(file.key);
      removed.push(file.key);
    }
  }
  if (removed.length)
    deps.logger.info({ removed: removed.length }, "removed orphaned upload files");
  return { checked, removed, interrupted };
}
