import { isImagePurpose } from "~/lib/media/media-limits";
import { documentPurpose } from "./media-records.server";
import {
  type MediaActor,
  type MediaDependencies,
  receiveImageUpload,
  storeContentDocument,
} from "./media-upload.server";

/**
 * The JSON answer of the editors' upload endpoint: `{ id, width, height, src, srcSet }` for a stored
 * upload, or `{ error, field }` with the refusal's status. `purpose` is the query's: `document` for the
 * program PDF, a picture's purpose, or none (the form's `purpose` field then says).
 */
export async function mediaUploadAnswer(
  deps: MediaDependencies,
  request: Request,
  options: { purpose: string | null; actor: MediaActor },
): Promise<Response> {
  const result =
    options.purpose === documentPurpose
      ? await storeContentDocument(deps, request, { actor: options.actor })
      : await receiveImageUpload(deps, request, {
          purpose: isImagePurpose(options.purpose) ? options.purpose : undefined,
          actor: options.actor,
        });
  const headers = { "Cache-Control": "no-store" };
  if (result.ok) {
    const { id, width, height, src, srcSet, contentType, pageCount } = result.value;
    return Response.json(
      { id, width, height, src, srcSet, contentType, pageCount },
      { status: 201, headers },
    );
  }
  return Response.json(
    { error: result.message, field: result.field },
    {
      status: result.status,
      headers: {
        ...headers,
        ...(result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {}),
      },
    },
  );
}
