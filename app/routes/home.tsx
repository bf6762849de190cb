import { HomePage } from "~/features/home/home-page";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    description:
      "The Undergraduate Linguistics Society: talks, workshops and socials for students curious about language, a NACLO testing site, and SCULC, our undergraduate linguistics conference.",
    // Also served at /home; search engines should index the page once, at /.
    canonicalPath: "/",
    baseUrl: baseUrlFrom(matches),
  });

export default function Home() {
  return <HomePage />;
}
