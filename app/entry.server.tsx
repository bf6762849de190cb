import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { countRender } from "~/lib/current-request.server";
import { MarkupMemoProvider } from "~/lib/markup-memo";
import { markupMemo } from "~/lib/markup-memo.server";
import { NonceProvider } from "~/lib/nonce";
import { cspNonceContext, isDocumentPage, publicPageRenderContext } from "~/lib/request-context";
import { wholeDocumentResponse } from "~/lib/whole-documents.server";

// How long streamed (deferred) data may take before the response is cut off.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A render for the public page cache has no nonce: its inline scripts are allowed by their hashes.
  const isPublicPageRender = loadContext.get(publicPageRenderContext) !== null;
  countRender();
  const nonce = isPublicPageRender ? undefined : loadContext.get(cspNonceContext);
  if (isDocumentRender(routerContext)) {
    const document = renderDocument(
      request,
      responseStatusCode,
      responseHeaders,
      routerContext,
      nonce,
    );
    if (document) return document;
  }
  return new Promise<Response>((resolve, reject) => {
    let hasShellRendered = false;
    // Set once the body goes one way or the other (streamed, or collected whole).
    let isPiped = false;
    let abortTimer: NodeJS.Timeout | undefined;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, SPA-mode builds and the page cache get the whole document at once; browsers get the
    // shell as soon as it is ready.
    const waitsForAll =
      isPublicPageRender || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const respond = (body: ReadableStream | Buffer) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const init = { headers: responseHeaders, status: responseStatusCode };
      resolve(Buffer.isBuffer(body) ? wholeDocumentResponse(body, init) : new Response(body, init));
    };
    // Streams only what is still pending after the shell (deferred data): a page complete at its shell,
    // which is every page today, is sent as one buffer. React writes a document in 2 KB pieces, and each
    // piece cost a web-stream hop, a write and a gzip flush of its own.
    const streamBody = () => {
      isPiped = true;
      const body = new PassThrough();
      body.once("close", () => clearTimeout(abortTimer));
      respond(createReadableStreamFromReadable(body));
      pipe(body);
    };
    const sendWhole = () => {
      isPiped = true;
      clearTimeout(abortTimer);
      const chunks: Buffer[] = [];
      const collector = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
        final(callback) {
          const html = Buffer.concat(chunks);
          // Marks the body as whole: the server sends it in one write (server/router-handler.ts).
          responseHeaders.set("Content-Length", String(html.length));
          respond(html);
          callback();
        },
      });
      collector.once("error", reject);
      pipe(collector);
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <ServerRouter
          context={withMatchedRoutesOnly(routerContext)}
          url={request.url}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        // React streams a finished Suspense boundary (React Router's data transfer, or a document's
        // part that waited: renderDocument) after the shell, as a hidden copy swapped in by an inline
        // script, once the page so far passes this many bytes. Keep every boundary in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          hasShellRendered = true;
          // With nothing pending, React reports "all ready" shortly after the shell but not in the same
          // turn: React Router's <Scripts> reads the loader data's turbo-stream encoding through a
          // stream, which settles a few promise turns later. A microtask here lost that race on every
          // page, so browsers were streamed every document; a macrotask lets it finish first.
          if (!waitsForAll) setImmediate(() => isPiped || streamBody());
        },
        onAllReady() {
          if (!isPiped) sendWhole();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log them here once.
          if (hasShellRendered) console.error(error);
        },
      },
    );
    // Cleared once the document is out: a pending timer keeps the whole render in memory until it fires.
    abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * A page that does not hydrate (its route's handle says so; the root layout leaves out the framework's
 * scripts by the same test) has nothing to stream: no deferred data, no Suspense boundary, nothing
 * React Router sends for the browser's router. It is rendered to one string. React's stream renderer
 * writes a document in small pieces, each encoded to bytes on its own; the string renderer joins them,
 * and the whole page is encoded once: a fifth of a 50-row user table's CPU time. Null when the page
 * waited for something after all (`renderWhole`): the stream renderer then waits for it.
 */
function renderDocument(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  nonce: string | undefined,
): Response | null {
  const context: EntryContext = {
    ...withMatchedRoutesOnly(routerContext),
    // The loader data's encoding for the browser's router: a document page has no router to read it,
    // and without it React Router renders no Suspense boundary for it.
    serverHandoffStream: undefined,
  };
  // A document's menus and footer are markup reused across requests (`RenderedOnce`): nothing in the
  // browser renders them again.
  const html = renderWhole(
    <NonceProvider value={nonce ?? ""}>
      <MarkupMemoProvider value={markupMemo}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </MarkupMemoProvider>
    </NonceProvider>,
  );
  if (html === null) return null;
  const body = Buffer.from(`<!DOCTYPE html>${html}`);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Marks the body as whole: the server sends it in one write (server/router-handler.ts).
  headers.set("Content-Length", String(body.length));
  return wholeDocumentResponse(body, { headers, status });
}

/**
 * The markup of `element`, rendered at once; null if a part of it waited (a lazy component, data read
 * with `use`). The string renderer cannot wait: it gives up on a Suspense boundary, writing its
 * fallback for the browser to finish (`<!--$!-->`), and throws when nothing catches the wait. A
 * document page has no browser-side React to finish anything, so such a page is rendered again by the
 * stream renderer, which waits. A render's own error is thrown as it is, for React Router's error page.
 */
export function renderWhole(element: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(element);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("A component suspended")) return null;
    throw error;
  }
  return html.includes("<!--$!-->") ? null : html;
}

/** Whether the matched routes make a document page, by the root layout's own test (`isDocumentPage`). */
export function isDocumentRender(context: EntryContext): boolean {
  return isDocumentPage(
    context.staticHandlerContext.matches.map(
      (match) => context.routeModules[match.route.id]?.handle,
    ),
  );
}

/**
 * The router context with only the routes this request matched in its manifest. ServerRouter turns every
 * route of the manifest into a route object, and the static router converts them again, on every render:
 * with the site's 74 routes that was about a tenth of a page's render. The document needs only the
 * matched routes (their components, styles and scripts; the browser gets the whole manifest from its own
 * file), so the HTML is the same.
 */
export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const match of context.staticHandlerContext.matches) {
    const route = context.manifest.routes[match.route.id];
    if (route) routes[match.route.id] = route;
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}
