import net from "node:net";

export type RawAnswer = { status: number | null; closedAfterMs: number; text: string };

/**
 * Sends bytes as they are (no client library to tidy them up), then reads until the server closes the
 * connection or `timeoutMs` passes; `status` is that of the first answer, if any.
 */
export async function sendRaw(
  port: number,
  request: string | Buffer,
  options: { timeoutMs?: number; endAfterWriting?: boolean } = {},
): Promise<RawAnswer> {
  const socket = net.connect(port, "127.0.0.1");
  const started = performance.now();
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(request);
  // Node's server drops a request whose client half-closes before the answer, so by default the
  // connection stays open until the server closes it.
  if (options.endAfterWriting) socket.end();
  const closed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), options.timeoutMs ?? 10_000);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  socket.destroy();
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
  return {
    status: status ? Number(status) : null,
    closedAfterMs: closed ? Math.round(performance.now() - started) : Number.POSITIVE_INFINITY,
    text,
  };
}
