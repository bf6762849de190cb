import { BoardPage } from "~/features/board/board-page";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/board";

// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

// Nothing to load, but a route with only a client loader would be rendered on the server as a fallback
// waiting for the browser; a server loader makes the server render the page itself.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Our Board",
    description:
      "Meet the students who run the Undergraduate Linguistics Society and SCULC: this year's board and the boards before it.",
    canonicalPath: "/board",
    baseUrl: baseUrlFrom(matches),
  });

export default function Board() {
  return <BoardPage />;
}
