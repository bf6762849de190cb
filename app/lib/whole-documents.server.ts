/**
 * Documents rendered whole (app/entry.server.tsx), by the response that carries them. The server sends
 * these bytes as they are (server/router-handler.ts) instead of reading the response's body stream back
 * into a buffer, which was 26 µs of a signed-in page. A response that is not the one marked (something
 * on the way replaced it) is read from its body as before.
 */
const wholeBodies = new WeakMap<Response, Buffer>();

export function markWholeBody(response: Response, body: Buffer): Response {
  wholeBodies.set(response, body);
  return response;
}

export function wholeBodyOf(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}
