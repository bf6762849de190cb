import type express from "express";
import type { Logger } from "pino";
import { type DatabaseBusyError, onDatabaseBusy } from "~/lib/db/database.server";

/** What a refused visitor's browser (or client) is told to wait before trying again. */
export const busyRetryAfterSeconds = 5;

/** Logged at most this often per process while the pool keeps refusing, with the count since. */
export const busyLogIntervalMs = 60_000;

const busyPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>The site is busy</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; background: #fff">
<main>
<h1>The site is busy right now</h1>
<p>Too many people are using the site at this moment, so your page could not be loaded. Please try again in a few seconds.</p>
<p><a href="/" style="color: #0b5a85">Go to the home page</a></p>
</main>
</body>
</html>
`;
const busyText = "The site is busy right now. Please try again in a few seconds.\n";

/** Answers 503 with Retry-After: a short page for people, plain text for anything else. */
export function sendBusy(req: express.Request, res: express.Response) {
  res
    .status(503)
    .set("Retry-After", String(busyRetryAfterSeconds))
    .set("Cache-Control", "no-store");
  // A `.data` request is React Router's client asking for loader data, not a person's page.
  const isPage =
    !req.path.endsWith(".data") && req.accepts(["text/html", "text/plain"]) === "text/html";
  if (isPage) res.type("html").send(busyPage);
  else res.type("text/plain").send(busyText);
}

/**
 * Listens for the database pool turning queries away (every connection busy past its wait,
 * app/lib/db/database.server.ts): marks the request it happened in, through `markRequest` (called in
 * that request's async context), and logs it with the pool size, once per `busyLogIntervalMs`, so a
 * crowd does not write a line per request.
 */
export function watchDatabaseBusy(options: {
  logger: Pick<Logger, "warn">;
  markRequest: () => void;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  let refusedSinceLog = 0;
  return onDatabaseBusy((error: DatabaseBusyError) => {
    options.markRequest();
    refusedSinceLog++;
    if (now() - lastLoggedAt < busyLogIntervalMs) return;
    options.logger.warn(
      {
        poolSize: error.poolSize,
        refused: refusedSinceLog,
        retryAfterSeconds: busyRetryAfterSeconds,
      },
      "database pool saturated: answering 503 until a connection frees up",
    );
    lastLoggedAt = now();
    refusedSinceLog = 0;
  });
}
