import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { isProcessAlive } from "../process-alive.server";
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
      const temporary = path.join(temporaryDir, temporaryName());
      try {
        await pipeline(body, fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
        const handle = await fsp.open(temporary, "r");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        // Made only for a complete file: an upload dropped half-way leaves no empty folder behind.
        await fsp.mkdir(path.dirname(target), { recursive: true });
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

    async removeInterruptedUploads() {
      let names: string[];
      try {
        names = await fsp.readdir(temporaryDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(temporaryDir, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (!stat || !isAbandoned(name, stat.mtime)) continue;
        await fsp.rm(file, { force: true });
        removed++;
      }
      return removed;
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    // Plain string-prefix matching, as S3 does: walk the deepest folder the prefix names, then filter.
    async *list(prefix) {
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const base = folder ? pathOf(folder) : absoluteRoot;
      // Uploads still streaming in (the temporary folder) are not stored files: not even looked at.
      for await (const file of walk(base, absoluteRoot, temporaryDir)) {
        if (file.key.startsWith(prefix)) yield file;
      }
    },
  };
}

/**
 * Temporary files are named after the host and process writing them, so a cleanup can tell an upload
 * cut off by a crash (its process is gone) from one still streaming in a live process: a second server
 * started on the same folder, or the old one still draining during a restart, keeps its uploads.
 */
function temporaryName(): string {
  return `${encodeURIComponent(os.hostname())}.${process.pid}.${crypto.randomUUID()}`;
}

/**
 * No live upload leaves its temporary file untouched this long: the server drops a connection that sends
 * nothing for far less (server/http-limits.ts), and the whole request must arrive within its timeout.
 */
const abandonedAfterMs = 60 * 60 * 1000;

function isAbandoned(name: string, modified: Date): boolean {
  if (Date.now() - modified.getTime() > abandonedAfterMs) return true;
  // host.pid.uuid; a host name may itself contain dots.
  const parts = name.split(".");
  const pid = parts.at(-2);
  const host = parts.slice(0, -2).join(".");
  // A file of another host (a shared folder) is left to the age rule: its process is not ours to ask.
  if (host !== encodeURIComponent(os.hostname()) || !pid || !/^\d+$/.test(pid)) return false;
  return !isProcessAlive(Number(pid));
}

async function* walk(dir: string, root: string, skipped: string): AsyncGenerator<StoredFile> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (full === skipped) continue;
    if (entry.isDirectory()) yield* walk(full, root, skipped);
    else if (entry.isFile()) {
      let modified: Date;
      try {
        modified = (await fsp.stat(full)).mtime;
      } catch (error) {
        // Deleted since the folder was read (a withdrawn abstract during a backup): not there to list.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      yield { key: path.relative(root, full).split(path.sep).join("/"), lastModified: modified };
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
