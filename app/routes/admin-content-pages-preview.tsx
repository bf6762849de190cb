import { data } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireContentEditor } from "~/features/accounts/session.server";
import { resolveMedia } from "~/features/content-media/media-records.server";
import { contentEmbeds, embedOrigins } from "~/features/embeds/embed-origins";
import { EventsPage } from "~/features/events/events-page";
import { eventsPageData } from "~/features/events/list-events";
import { HomePage } from "~/features/home/home-page";
import { homePageData, homePageMediaIds } from "~/features/home/home-page-data";
import { NacloPage, nacloPageData } from "~/features/naclo/naclo-page";
import { isPageForm } from "~/features/site-content/page-forms-fields";
import { pageFormPaths } from "~/features/site-content/page-forms-parts";
import { PreviewBanner } from "~/features/site-content/page-preview";
import { readDraftContent } from "~/features/site-content/published-content.server";
import { todayInConferenceTimeZone } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import {
  documentPageHandle,
  openAsDocument,
  previewFrameOriginsHeader,
} from "~/lib/request-context";
import type { Route } from "./+types/admin-content-pages-preview";

// A public page drawn from the drafts with the public page's own components, for editors only: never
// cached anywhere, never indexed. The footer's preview is the home page with the draft's footer.
const previewHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  ...previewHeaders,
  [previewFrameOriginsHeader]: loaderHeaders.get(previewFrameOriginsHeader) ?? "",
});

export const meta: Route.MetaFunction = () => accountMeta("Preview — not published");

export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const form = url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  if (!isPageForm(form)) throw new Response("Not Found", { status: 404 });
  const { db } = getDatabase();
  const content = await readDraftContent(db);
  const back = pageFormPaths.form(form);
  if (form === "events") {
    return { form, back, events: eventsPageData(content, todayInConferenceTimeZone()) } as const;
  }
  if (form === "naclo") {
    // The draft's attendance form may be on a host visitors' pages do not frame yet.
    return data({ form, back, naclo: nacloPageData(content) } as const, {
      headers: {
        [previewFrameOriginsHeader]: embedOrigins(contentEmbeds(content)).join(" "),
      },
    });
  }
  const { settings } = content;
  return {
    form,
    back,
    home: homePageData(content, await resolveMedia(db, homePageMediaIds(content))),
    contact: { email: settings.contactEmail, location: settings.location },
  } as const;
}

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBanner back={loaderData.back} />
      {loaderData.form === "events" ? <EventsPage {...loaderData.events} /> : null}
      {loaderData.form === "naclo" ? <NacloPage {...loaderData.naclo} /> : null}
      {loaderData.form === "home" || loaderData.form === "footer" ? (
        <HomePage {...loaderData.home} />
      ) : null}
      {loaderData.form === "footer" ? (
        <section aria-labelledby="preview-footer" className="content-preview-footer">
          <h2 id="preview-footer" className="container">
            The footer of every page, from the draft
          </h2>
          <SiteFooter contact={loaderData.contact} />
        </section>
      ) : null}
    </>
  );
}
