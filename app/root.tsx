import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
// Vite builds the page script as a classic script of its own (its worker pipeline, the one way to get
// a separate bundle's URL) and gives its hashed address, the same in the server and browser builds.
import enhancementsUrl from "~/components/enhancements/page-enhancements.ts?worker&url";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { RouteErrorPage } from "~/components/route-error-page";
import { getSiteContent } from "~/content/current-content";
import { editionPath, getCurrentEdition, listEditions } from "~/content/editions";
import { getViewer, sessionMiddleware } from "~/features/accounts/session.server";
import { getEnv } from "~/lib/env.server";
import { useNonce } from "~/lib/nonce";
import { isDocumentPage, pageScriptsOf } from "~/lib/request-context";
import type { SiteData } from "~/lib/site-data";
// The theme, the layout and the shared components' styles, as one stylesheet (app/styles/site.css) that
// the document links itself, with a React precedence: React then sends it before the scripts' module
// preloads. As a side-effect import it came after all of them, so a browser on HTTP/1.1 (six connections
// to a host) could fetch a dozen scripts before the stylesheet that the first paint waits for.
import siteStylesheetUrl from "~/styles/site.css?url";
import type { Route } from "./+types/root";

// Reads the session once per request, for every loader and action below the root.
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export function loader({ context }: Route.LoaderArgs): SiteData {
  const current = getCurrentEdition();
  const { settings } = getSiteContent();
  return {
    baseUrl: getEnv().baseUrl,
    // The granted roles (reviewer, editor) come with the session read (session-read.server.ts): no
    // query of their own.
    viewer: getViewer(context),
    conference: {
      editions: listEditions().map((edition) => ({
        year: edition.year,
        path: editionPath(edition),
      })),
      current: { year: current.year, path: editionPath(current) },
    },
    contact: { email: settings.contactEmail, location: settings.location },
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Document pages (routes whose handle is `publicPageHandle` or `documentPageHandle`, which since
 * decision 0048 is every page: the public pages, the account forms, the signed-in pages and the admin
 * area's editors) have no React, no React Router runtime, no route modules, only the small page script
 * that every page loads (and, for a few, a script of their own). A route without such a handle would
 * hydrate, with the framework's scripts (`tests/robustness/js-budget.test.ts` and
 * `app/lib/public-page-routes.test.ts` refuse one). The browser never renders a document route itself:
 * it loads it as a document (`openAsDocument`), so this is the same on the server and in the browser.
 * docs/decisions/0009, 0042-0046 and 0048.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const handles = matches.map((match) => match.handle);
  const isDocumentOnly = isDocumentPage(handles);
  const ownScripts = pageScriptsOf(handles);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e6c93" />
        <link rel="stylesheet" href={siteStylesheetUrl} precedence="site" />
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
        {isDocumentOnly ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
        {/* Same origin, so the CSP's 'self' allows it on rendered and cached pages alike. */}
        <script src={enhancementsUrl} defer />
        {/* A page's script of its own (the submit form's, the status page's), after the page script. */}
        {ownScripts.map((src) => (
          <script key={src} src={src} defer />
        ))}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} />;
}
