import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";

// Any path no other route matches: answered with a real 404 status, inside the layout.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
