/**
 * Documents rendered whole (app/entry.server.tsx) travel through React Router as a Response without a
 * body stream, their bytes kept here beside it; the server sends those bytes as they are
 * (server/router-handler.ts), and the public page cache stores them (server/public-page-cache.ts).
 *
 * On Node 20 a Response made from bytes builds a web ReadableStream for them: 62 µs for a 10.6 KB
 * page, and garbage that brings on full collections (six in two seconds of making them alone, none
 * without the stream: scripts/bench/web-objects.mjs), the pauses behind a loaded server's slowest
 * answers. Reading such a stream back into a buffer cost another 26 µs. A response that is not the one
 * made here (something on the way replaced it) is read from its own body.
 */
const wholeBodies = new WeakMap<Response, Buffer>();

/** A response for `body`, a whole document: its headers and status, and the bytes beside it. */
export function wholeDocumentResponse(body: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  wholeBodies.set(response, body);
  return response;
}

export function wholeBodyOf(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}

/** The bytes of a response's body: the whole document's, or its body stream's read to the end. */
export async function readBodyBytes(response: Response): Promise<Buffer> {
  return wholeBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
}
