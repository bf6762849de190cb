// Stand-ins for the outside world in end-to-end tests, in one process:
// - a real SMTP server that keeps every message it receives in memory,
// - a small HTTP API to read those messages (GET /messages?to=...) and clear them (DELETE /messages),
// - a real OpenID provider (oidc-provider) that plays Google for "Sign in with Google".
// Playwright starts it as a webServer and waits for GET http://localhost:3126/healthz.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import Provider, { interactionPolicy } from "oidc-provider";
import { SMTPServer } from "smtp-server";

const HOST = "127.0.0.1";
const SMTP_PORT = Number(process.env.SMTP_PORT ?? 3125);
const MAIL_API_PORT = Number(process.env.MAIL_API_PORT ?? 3126);
const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3127);
const ISSUER = `http://localhost:${OIDC_PORT}`;

const CLIENT_ID = "e2e-google-client";
const CLIENT_SECRET = "e2e-google-secret";
const APP_PORTS = (process.env.APP_PORTS ?? "3107,3108").split(",").map(Number);
const REDIRECT_URIS = APP_PORTS.flatMap((port) =>
  ["localhost", "127.0.0.1"].map((host) => `http://${host}:${port}/api/auth/callback/google`),
);

const ready = { smtp: false, api: false, oidc: false };

// ---------------------------------------------------------------------------------------------
// Mail: a minimal MIME parser (mailparser is not installed). Enough for what nodemailer sends:
// multipart/* trees, quoted-printable / base64 / 7bit / 8bit parts, RFC 2047 encoded headers.
// The raw message is handled as a latin1 string so that every byte maps to one character.

/** @typedef {{ id: string, to: string[], subject: string, text: string, html?: string, receivedAt: string }} Message */

/** @type {Message[]} */
const messages = [];
let nextMessageId = 1;

function splitHeadersAndBody(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headerText: raw, body: "" };
  return { headerText: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** Unfolds header lines; returns a map of lowercased name to its values (in order). */
function parseHeaders(headerText) {
  const headers = new Map();
  const unfolded = headerText.replace(/\r?\n(?=[ \t])/g, "");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return headers;
}

/** Parses `type/subtype; key=value; key="quoted value"` (Content-Type, Content-Disposition). */
function parseStructuredHeader(value = "") {
  const [main = "", ...rest] = value.split(";");
  const params = {};
  const paramPattern = /([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of rest.join(";").matchAll(paramPattern)) {
    const key = (match[1] ?? "").toLowerCase();
    let paramValue = (match[2] ?? "").trim();
    if (paramValue.startsWith('"')) paramValue = paramValue.slice(1, -1).replace(/\\(.)/g, "$1");
    params[key] = paramValue;
  }
  return { value: main.trim().toLowerCase(), params };
}

function decodeBytes(bytes, charset = "utf-8") {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** Quoted-printable (latin1 string in, bytes out): soft line breaks `=\r\n` and `=XX` escapes. */
function decodeQuotedPrintable(input) {
  const text = input.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeTransfer(body, encoding = "7bit") {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, "latin1");
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a raw header value. */
function decodeHeaderValue(rawValue = "") {
  // Unencoded 8-bit headers (SMTPUTF8) arrive as UTF-8 bytes.
  const value = Buffer.from(rawValue, "latin1").toString("utf8");
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, charset, encoding, encoded) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(encoded, "base64")
          : decodeQuotedPrintable(encoded.replace(/_/g, " "));
      return decodeBytes(bytes, charset.split("*")[0]);
    });
}

/** Email addresses in an address-list header, lowercased (display names are ignored). */
function parseAddresses(value = "") {
  const withoutNames = value.replace(/"(?:[^"\\]|\\.)*"/g, "").replace(/\([^)]*\)/g, "");
  return (withoutNames.match(/[^\s<>",;:()]+@[^\s<>",;:()]+/g) ?? []).map((address) =>
    address.toLowerCase(),
  );
}

/** Walks a MIME entity and fills `found.text` / `found.html` with the first inline parts. */
function collectBodies(raw, found) {
  const { headerText, body } = splitHeadersAndBody(raw);
  const headers = parseHeaders(headerText);
  const contentType = parseStructuredHeader(headers.get("content-type")?.[0] ?? "text/plain");
  const disposition = parseStructuredHeader(headers.get("content-disposition")?.[0] ?? "inline");

  if (contentType.value.startsWith("multipart/") && contentType.params.boundary) {
    const delimiter = `--${contentType.params.boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}`));
    // sections[0] is the preamble; a section starting with "--" is the closing delimiter.
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectBodies(section.replace(/^[ \t]*\r?\n/, ""), found);
    }
    return;
  }
  if (disposition.value === "attachment") return;
  if (contentType.value !== "text/plain" && contentType.value !== "text/html") return;

  const bytes = decodeTransfer(body, headers.get("content-transfer-encoding")?.[0]);
  const text = decodeBytes(bytes, contentType.params.charset).replace(/\r\n/g, "\n");
  if (contentType.value === "text/plain" && found.text === undefined) found.text = text;
  if (contentType.value === "text/html" && found.html === undefined) found.html = text;
}

function escapeRegExp(value) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** @returns {Message} */
function parseMessage(rawBuffer, envelopeRecipients) {
  const raw = rawBuffer.toString("latin1");
  const headers = parseHeaders(splitHeadersAndBody(raw).headerText);
  const headerRecipients = ["to", "cc"].flatMap((name) =>
    (headers.get(name) ?? []).flatMap((value) => parseAddresses(decodeHeaderValue(value))),
  );
  /** @type {{ text?: string, html?: string }} */
  const found = {};
  collectBodies(raw, found);
  return {
    id: String(nextMessageId++),
    to: [...new Set([...envelopeRecipients, ...headerRecipients])],
    subject: decodeHeaderValue(headers.get("subject")?.[0] ?? ""),
    text: found.text ?? "",
    ...(found.html === undefined ? {} : { html: found.html }),
    receivedAt: new Date().toISOString(),
  };
}

const smtpServer = new SMTPServer({
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  allowInsecureAuth: true,
  logger: false,
  banner: "e2e test mail server",
  // Accept any credentials, in case the app is configured with SMTP_USER / SMTP_PASSWORD.
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username ?? "e2e" });
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      try {
        const recipients = session.envelope.rcptTo.map((recipient) =>
          recipient.address.toLowerCase(),
        );
        messages.push(parseMessage(Buffer.concat(chunks), recipients));
        callback();
      } catch (error) {
        console.error("test services: could not parse a message:", error);
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});
smtpServer.on("error", (error) => {
  // Before it listens, `listen()` below reports the error.
  if (ready.smtp) console.error("test services: smtp error:", error);
});

// ---------------------------------------------------------------------------------------------
// Mail API

function sendJson(res, status, body) {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}

function sendText(res, status, body) {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(body);
}

const mailApi = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://localhost:${MAIL_API_PORT}`);
  if (url.pathname === "/healthz" && (req.method === "GET" || req.method === "HEAD")) {
    const up = ready.smtp && ready.oidc;
    sendText(res, up ? 200 : 503, up ? "ok" : "starting");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.trim().toLowerCase();
    const matches = (message) => !to || message.to.includes(to);
    if (req.method === "GET") {
      sendJson(res, 200, messages.filter(matches));
      return;
    }
    if (req.method === "DELETE") {
      // Without `to`, everything goes; with it, only that recipient's messages.
      const kept = messages.filter((message) => !matches(message));
      messages.splice(0, messages.length, ...kept);
      res.writeHead(204).end();
      return;
    }
    res.writeHead(405, { allow: "GET, DELETE" }).end();
    return;
  }
  sendText(res, 404, "not found");
});

// ---------------------------------------------------------------------------------------------
// OpenID provider standing in for Google

/** accountId -> email typed at login. The subject is derived from the email, so it is stable. */
const accounts = new Map();

function accountIdFor(email) {
  return `sub-${createHash("sha256").update(email).digest("hex").slice(0, 16)}`;
}

function capitalise(word) {
  return word ? word[0].toUpperCase() + word.slice(1).toLowerCase() : word;
}

function claimsFor(accountId, email) {
  const localPart = email.split("@")[0] ?? "";
  // `first.last+anything@...` gives First Last; anything else is Grace Hopper.
  const nameMatch = /^([a-z]+)\.([a-z]+)(?:\+.*)?$/i.exec(localPart);
  const givenName = nameMatch ? capitalise(nameMatch[1] ?? "") : "Grace";
  const familyName = nameMatch ? capitalise(nameMatch[2] ?? "") : "Hopper";
  return {
    sub: accountId,
    email,
    email_verified: !localPart.toLowerCase().includes("unverified"),
    given_name: givenName,
    family_name: familyName,
    name: `${givenName} ${familyName}`,
  };
}

// A fresh RS256 signing key per run (better-auth verifies ID tokens against the discovery JWKS).
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const signingKey = {
  ...privateKey.export({ format: "jwk" }),
  kid: `e2e-${randomBytes(6).toString("hex")}`,
  alg: "RS256",
  use: "sig",
};

// Google honours prompt=select_account; the default policy would reject it as unsupported.
const policy = interactionPolicy.base();
policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);

const provider = new Provider(ISSUER, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      client_name: "E2E test site",
      application_type: "web",
      redirect_uris: REDIRECT_URIS,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      // oidc-provider accepts client_secret_post as well for a client registered with
      // client_secret_basic (either way the secret is compared); better-auth posts it by default.
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "RS256",
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString("base64url")] },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "given_name", "family_name"],
  },
  // Put the scope claims (email, names) in the ID token too, as Google does.
  conformIdTokenClaims: false,
  // better-auth always sends a S256 code challenge; insist on it so a regression shows.
  pkce: { required: () => true },
  // Explicit lifetimes (seconds) also keep oidc-provider from printing a notice for each default.
  ttl: {
    AccessToken: 3600,
    AuthorizationCode: 600,
    Grant: 86_400,
    IdToken: 3600,
    Interaction: 3600,
    Session: 86_400,
  },
  features: {
    devInteractions: { enabled: false },
    // Google advertises no end_session_endpoint; with one, better-auth's sign-out would send the
    // browser to the provider's logout page.
    rpInitiatedLogout: { enabled: false },
  },
  interactions: {
    policy,
    url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
  },
  async findAccount(_ctx, id) {
    const email = accounts.get(id);
    if (!email) return undefined;
    return { accountId: id, claims: async () => claimsFor(id, email) };
  },
  async renderError(ctx, out) {
    ctx.type = "html";
    ctx.body = page(
      "Sign-in error",
      `<h1>Sign-in error</h1>${Object.entries(out)
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
        .join("")}`,
    );
  },
});
provider.on("server_error", (_ctx, error) => console.error("test services: oidc error:", error));

function escapeHtml(value) {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function page(title, content) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body><main>${content}</main></body>
</html>`;
}

function loginPage(uid, { email = "", error = "" } = {}) {
  return page(
    "Sign in - test Google",
    `<h1>Sign in</h1>
<p>Test stand-in for Google. Any email address signs in.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${escapeHtml(uid)}">
  <label for="login">Email</label>
  <input id="login" name="login" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}">
  <button type="submit" name="action" value="login">Sign in</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
      if (body.length > 64 * 1024) req.destroy(new Error("form too large"));
    });
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });
}

async function grantConsent(req, res, interaction) {
  const { details } = interaction.prompt;
  const accountId = interaction.session?.accountId;
  const clientId = String(interaction.params.client_id);
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error("grant not found");
  const scopes = new Set(["openid", "email", "profile", ...(details.missingOIDCScope ?? [])]);
  grant.addOIDCScope([...scopes].join(" "));
  const claims = ["sub", "email", "email_verified", "name", "given_name", "family_name"];
  grant.addOIDCClaims([...new Set([...claims, ...(details.missingOIDCClaims ?? [])])]);
  for (const [indicator, resourceScopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, resourceScopes.join(" "));
  }
  const grantId = await grant.save();
  const result = { consent: { grantId } };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

async function handleInteraction(req, res, uid) {
  const interaction = await provider.interactionDetails(req, res);
  if (interaction.uid !== uid) throw new Error("interaction mismatch");
  const promptName = interaction.prompt.name;

  if (req.method === "GET") {
    if (promptName === "consent") {
      await grantConsent(req, res, interaction);
      return;
    }
    if (promptName === "login" || promptName === "select_account") {
      const hint =
        typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : "";
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end(loginPage(uid, { email: hint }));
      return;
    }
    throw new Error(`unexpected prompt ${promptName}`);
  }

  if (req.method === "POST") {
    const form = await readForm(req);
    if (form.get("action") === "cancel") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const email = (form.get("login") ?? "").trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      res.writeHead(400, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end(loginPage(uid, { email, error: "Enter an email address." }));
      return;
    }
    const accountId = accountIdFor(email);
    accounts.set(accountId, email);
    await provider.interactionFinished(
      req,
      res,
      { select_account: {}, login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }

  res.writeHead(405, { allow: "GET, POST" }).end();
}

const providerCallback = provider.callback();
const oidcServer = http.createServer((req, res) => {
  const { pathname } = new URL(req.url ?? "/", ISSUER);
  const match = /^\/interaction\/([^/]+)\/?$/.exec(pathname);
  if (!match) {
    providerCallback(req, res);
    return;
  }
  handleInteraction(req, res, match[1] ?? "").catch((error) => {
    console.error("test services: interaction failed:", error);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
    res.end(page("Sign-in error", `<h1>Sign-in error</h1><p>${escapeHtml(error.message)}</p>`));
  });
});

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
