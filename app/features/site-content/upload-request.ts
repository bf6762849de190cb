import { sendWithProgress, type UploadProgressState } from "~/components/upload-progress-state";
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
  const body = new FormData();
  body.append("file", file);
  return new Promise((resolve) => {
    sendWithProgress(pictureUploadPaths.json(purpose), body, {
      onProgress,
      onLoad: (xhr) => {
        let answer: Partial<{ id: string; error: string }> & Record<string, unknown> = {};
        try {
          answer = JSON.parse(xhr.responseText);
        } catch {
          // A proxy's page, not our JSON: said below.
        }
        if (xhr.status === 201 && typeof answer.id === "string") {
          resolve(answer as Answer);
        } else {
          resolve({
            error:
              typeof answer.error === "string"
                ? answer.error
                : "The upload failed. Check your connection, then add the picture again.",
          });
        }
      },
      onFailure: () =>
        resolve({ error: "The upload did not arrive. Check your connection, then add it again." }),
    });
  });
}
