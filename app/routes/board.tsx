import { BoardPage } from "~/features/board/board-page";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/board";

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
