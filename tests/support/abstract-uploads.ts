import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { receiveAbstractUpload } from "~/features/submissions/abstract-upload.server";
import type { SubmissionDependencies } from "~/features/submissions/submissions.server";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import type { TestDatabase } from "./test-databases";
import { insertTestUser } from "./test-users";

// What the submissions tests share: dependencies on a temporary upload folder, the upload form as the
// browser posts it, and Ada's upload.

export const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Call at the top of a test file: dependencies whose upload folders go away after each test. */
export function uploadFoldersPerTest() {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  return (database: TestDatabase): SubmissionDependencies & { root: string } => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "uls-uploads-"));
    folders.push(root);
    return { db: database.db, storage: createLocalFileStorage(root), logger: silentLogger, root };
  };
}

/** The details a valid submission posts before its file. */
export const validDetails: Record<string, string> = {
  title: "Vowel harmony",
  format: "talk",
  presents: "yes",
};

export function uploadRequest(
  bytes: Buffer | string,
  fileName: string,
  details: Record<string, string> = validDetails,
): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(details)) form.set(key, value);
  const part = typeof bytes === "string" ? bytes : new Uint8Array(bytes);
  form.set("abstract", new File([part], fileName, { type: "application/pdf" }));
  return new Request("http://localhost/sculc/submit-abstract", { method: "POST", body: form });
}

/** Ada's upload of a new abstract for 2025. */
export const uploadAbstract = (
  deps: SubmissionDependencies,
  bytes: Buffer | string,
  fileName = "abstract.pdf",
  maxBytes = 1_000_000,
  limits: { maxPages?: number; maxSubmissionsPerUser?: number } = {},
) =>
  receiveAbstractUpload(deps, uploadRequest(bytes, fileName), {
    userId: "ada",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.edu",
    editionYear: 2025,
    maxBytes,
    maxPages: limits.maxPages ?? 20,
    maxSubmissionsPerUser: limits.maxSubmissionsPerUser ?? 10,
  });

export async function storedKeys(
  deps: SubmissionDependencies,
  prefix = "abstracts/",
): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of deps.storage.list(prefix)) keys.push(file.key);
  return keys;
}

/** Ada Lovelace, who uploads, and `other` (Eve unless named), who is not her. */
export async function insertUploaders(database: TestDatabase, other = "eve"): Promise<void> {
  await insertTestUser(database, {
    id: "ada",
    email: "ada@example.edu",
    firstName: "Ada",
    lastName: "Lovelace",
  });
  await insertTestUser(database, { id: other, email: `${other}@example.edu` });
}
