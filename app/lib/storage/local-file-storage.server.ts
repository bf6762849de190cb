import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStorage, StoredFile } from "./file-storage";

/**
 * Files under a folder that nothing serves statically (DATA_DIR/uploads). A file is written to a
 * temporary name, synced to disk, then renamed into place, so a key either holds a complete file or
 * nothing, even across a crash.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);
  const temporaryDir = path.join(absoluteRoot, ".incoming");

  function pathOf(key: string): string {
    const resolved = path.resolve(absoluteRoot, key);
    if (!resolved.startsWith(`${absoluteRoot}${path.sep}`) || key.startsWith(".incoming")) {
      throw new Error(`Storage key outside the storage folder: ${key}`);
    }
    return resolved;
  }

  return {
    describe: () => `local folder ${absoluteRoot}`,

    async put(key, body) {
      const target = pathOf(key);
      await fsp.mkdir(temporaryDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = path.join(temporaryDir, crypto.randomUUID());
      try {
        await pipeline(body, fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
        const handle = await fsp.open(temporary, "r");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(temporary, target);
        await syncDirectory(path.dirname(target));
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },

    read: (key) => fsp.readFile(pathOf(key)),

    async open(key) {
      const file = pathOf(key);
      try {
        const { size } = await fsp.stat(file);
        return { body: fs.createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    // Plain string-prefix matching, as S3 does: walk the deepest folder the prefix names, then filter.
    async *list(prefix) {
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const base = folder ? pathOf(folder) : absoluteRoot;
      for await (const file of walk(base, absoluteRoot)) {
        if (file.key.startsWith(prefix) && !file.key.startsWith(".incoming/")) yield file;
      }
    },
  };
}

async function* walk(dir: string, root: string): AsyncGenerator<StoredFile> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, root);
    else if (entry.isFile()) {
      const { mtime } = await fsp.stat(full);
      yield { key: path.relative(root, full).split(path.sep).join("/"), lastModified: mtime };
    }
  }
}

/** A rename is durable only once its directory entry is on disk too. */
async function syncDirectory(dir: string) {
  const handle = await fsp.open(dir, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse to sync a directory; the file itself is already synced.
  } finally {
    await handle.close();
  }
}
