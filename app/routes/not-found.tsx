import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";

// Any path no other route matches: answered with a real 404 status, inside the layout. A document, as
// the public pages it offers links to: a visitor who followed a stale link loads no framework code.
// Not kept in the page cache, whose entries would otherwise be as many as the addresses anyone types.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
