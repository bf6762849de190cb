import { advanceProgress, type UploadProgressState } from "~/components/upload-progress-state";
import type { ImagePurpose } from "~/lib/media/media-limits";
import { pictureUploadPaths } from "./page-forms-pictures";

// The editors' uploads from the page's script: one file to the JSON endpoint with its progress, used
// by the picture lists, the portrait field and the program PDF field.

export type Answer =
  | {
      id: string;
      src: string;
      srcSet: string;
      width: number;
      height: number;
      pageCount?: number | null;
    }
  | { error: string };

/**
 * Posts one file to the editors' JSON upload endpoint, reporting progress: a picture for its purpose,
 * or the program PDF ("document"). The answer, or the reason it failed.
 */
export function sendPicture(
  file: File,
  purpose: ImagePurpose | "document",
  onProgress: (progress: UploadProgressState) => void,
): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let progress: UploadProgressState = null;
    xhr.upload.addEventListener("progress", (event) => {
      if (!event.lengthComputable) return;
      progress = advanceProgress(progress, event);
      onProgress(progress);
    });
    xhr.addEventListener("load", () => {
      let body: Partial<{ id: string; error: string }> & Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's page, not our JSON: said below.
      }
      if (xhr.status === 201 && typeof body.id === "string") {
        resolve(body as Answer);
      } else {
        resolve({
          error:
            typeof body.error === "string"
              ? body.error
              : "The upload failed. Check your connection, then add the picture again.",
        });
      }
    });
    xhr.addEventListener("error", () =>
      resolve({ error: "The upload did not arrive. Check your connection, then add it again." }),
    );
    const body = new FormData();
    body.append("file", file);
    xhr.open("POST", pictureUploadPaths.json(purpose));
    xhr.send(body);
  });
}
