import { serveMediaFile } from "~/features/content-media/media-file.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import type { Route } from "./+types/media-file";

// A picture variant or document uploaded for the site's content, by its content-hash name: public,
// cached for a year.
export function loader({ params, request }: Route.LoaderArgs) {
  return serveMediaFile(getFileStorage(), params.file, request);
}
