import { redirect } from "react-router";
import { editionPath, getCurrentEdition } from "~/content/editions";

// /sculc always means the current edition (it is also the default return path after signing in).
export function loader() {
  return redirect(editionPath(getCurrentEdition()));
}
