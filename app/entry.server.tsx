import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { cspNonceContext, publicPageRenderContext } from "~/lib/request-context";

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
  const nonce = isPublicPageRender ? undefined : loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let hasShellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, SPA-mode builds and the page cache get the whole document at once; browsers get the
    // shell as soon as it is ready.
    const readyEvent =
      isPublicPageRender || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React streams a finished Suspense boundary (the lazily loaded carousel's) after the shell, as a
        // hidden copy swapped in by an inline script, once the page so far passes this many bytes. Our
        // pages are small and complete before the shell is sent: keep every boundary in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          hasShellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log them here once.
          if (hasShellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
