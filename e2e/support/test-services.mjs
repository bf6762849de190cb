// Stand-ins for the outside world in end-to-end tests, in one process:
// - a real SMTP server that keeps every message it receives in memory, and a small HTTP API to read
//   those messages (GET /messages?to=...) and clear them (DELETE /messages): mail-catcher.mjs,
// - a real OpenID provider (oidc-provider) that plays Google for "Sign in with Google":
//   openid-provider.mjs.
// Playwright starts it as a webServer and waits for GET http://localhost:3126/healthz.
import { createMailApi, createSmtpServer } from "./mail-catcher.mjs";
import { ISSUER, OIDC_PORT, oidcServer } from "./openid-provider.mjs";

const HOST = "127.0.0.1";
const SMTP_PORT = Number(process.env.SMTP_PORT ?? 3125);
const MAIL_API_PORT = Number(process.env.MAIL_API_PORT ?? 3126);

const ready = { smtp: false, api: false, oidc: false };
const smtpServer = createSmtpServer(ready);
const mailApi = createMailApi(MAIL_API_PORT, ready);

// ---------------------------------------------------------------------------------------------
// Start and stop

function listen(server, port, name) {
  return new Promise((resolve, reject) => {
    server.once("error", (error) =>
      reject(new Error(`${name}: cannot listen on ${HOST}:${port}: ${error.message}`)),
    );
    server.listen(port, HOST, () => resolve(undefined));
  });
}

try {
  await Promise.all([
    listen(smtpServer, SMTP_PORT, "smtp").then(() => {
      ready.smtp = true;
    }),
    listen(oidcServer, OIDC_PORT, "oidc").then(() => {
      ready.oidc = true;
    }),
    listen(mailApi, MAIL_API_PORT, "mail api").then(() => {
      ready.api = true;
    }),
  ]);
} catch (error) {
  console.error(`test services: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log(
  `test services: smtp ${HOST}:${SMTP_PORT}, mail api http://localhost:${MAIL_API_PORT}, oidc ${ISSUER}`,
);

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  // smtp-server waits for idle clients to hang up after its 421; do not wait long for them.
  setTimeout(() => process.exit(0), 1000).unref();
  for (const server of [mailApi, oidcServer]) {
    server.close();
    server.closeAllConnections();
  }
  smtpServer.close(() => process.exit(0));
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
