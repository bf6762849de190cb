import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { siteContentPath } from "~/lib/admin-paths";
import { useSiteData } from "~/lib/site-data";
import { NotFoundPage } from "./not-found-page";

/**
 * What a page that failed shows: not found, access denied, or that something went wrong. The root's
 * error boundary shows it full width; the admin area's shows it inside the admin frame (`framed`), so an
 * editor refused an admin page still has the admin menu's way to the site's content.
 */
export function RouteErrorPage({ error, framed = false }: { error: unknown; framed?: boolean }) {
  const { viewer } = useSiteData();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <ErrorFrame framed={framed}>
        <title>Access denied</title>
        <h1>Access denied</h1>
        <p className="lead">
          This page is for the society's admins. If you think you should have access, ask an admin
          to grant it. Back to the <a href="/">home page</a>.
        </p>
        {viewer?.isEditor && !viewer.isAdmin ? (
          <p>
            As an editor, you can change the site's content under{" "}
            <a href={siteContentPath}>Site content</a>.
          </p>
        ) : null}
      </ErrorFrame>
    );
  }
  const isDevelopment = import.meta.env.DEV;
  return (
    <ErrorFrame framed={framed}>
      <title>Something went wrong</title>
      <h1>Something went wrong</h1>
      <p className="lead">
        Sorry, this page could not be shown. Please try again in a moment, or go back to the{" "}
        <a href="/">home page</a>.
      </p>
      {isDevelopment && error instanceof Error ? <pre>{error.stack}</pre> : null}
    </ErrorFrame>
  );
}

function ErrorFrame({ framed, children }: { framed: boolean; children: ReactNode }) {
  if (framed) return <div className="stack">{children}</div>;
  return (
    <section className="section">
      <div className="container stack">{children}</div>
    </section>
  );
}
