import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFoundPage } from "~/components/not-found-page";
import { editionPath, editionsNewestFirst, getCurrentEdition } from "~/content/editions";
import { getSessionState, getViewer, sessionMiddleware } from "~/features/accounts/session.server";
import { isReviewer } from "~/features/review/reviewer-role.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { useNonce } from "~/lib/nonce";
import type { SiteData } from "~/lib/site-data";
import type { Route } from "./+types/root";
import "~/styles/global.css";
import "~/components/layout/layout.css";
// Styles of the components many pages share load once, with the theme: one render-blocking stylesheet
// instead of one per component chunk (each extra one costs a round trip on a slow phone connection).
import "react-image-gallery/styles/image-gallery.css";
import "~/components/image-carousel.css";
import "~/components/collapsible.css";
import "~/components/external-embed.css";

// Reads the session once per request, for every loader and action below the root.
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ context }: Route.LoaderArgs): Promise<SiteData> {
  const current = getCurrentEdition();
  const viewer = getViewer(context);
  return {
    baseUrl: getEnv().baseUrl,
    viewer: viewer ? { ...viewer, isReviewer: await viewerIsReviewer(context) } : null,
    conference: {
      editions: editionsNewestFirst.map((edition) => ({
        year: edition.year,
        path: editionPath(edition),
      })),
      current: { year: current.year, path: editionPath(current) },
    },
  };
}

/** For the header's Review link; a failed read hides the link rather than the page. */
async function viewerIsReviewer(context: Route.LoaderArgs["context"]): Promise<boolean> {
  const session = getSessionState(context);
  if (session.status !== "signed-in") return false;
  return isReviewer(getDatabase().db, session.user.id).catch(() => false);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// Marks that JavaScript runs before the first paint, so menus start collapsed without a flash; without
// JavaScript the stylesheet shows every link instead.
const markJavaScript = "document.documentElement.classList.add('js')";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e6c93" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant string, allowed by nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: markJavaScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="section">
        <div className="container stack">
          <title>Access denied</title>
          <h1>Access denied</h1>
          <p className="lead">
            This page is for the society's admins. If you think you should have access, ask an admin
            to grant it. Back to the <a href="/">home page</a>.
          </p>
        </div>
      </section>
    );
  }
  const isDevelopment = import.meta.env.DEV;
  return (
    <section className="section">
      <div className="container stack">
        <title>Something went wrong</title>
        <h1>Something went wrong</h1>
        <p className="lead">
          Sorry, this page could not be shown. Please try again in a moment, or go back to the{" "}
          <a href="/">home page</a>.
        </p>
        {isDevelopment && error instanceof Error ? <pre>{error.stack}</pre> : null}
      </div>
    </section>
  );
}
