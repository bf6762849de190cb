// The mail half of the test services (started by test-services.mjs): a real SMTP server that keeps
// every message it receives in memory, and a small HTTP API to read those messages
// (GET /messages?to=...) and clear them (DELETE /messages).
import http from "node:http";
import { SMTPServer } from "smtp-server";

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

/**
 * The SMTP server that catches the app's mail. `ready.smtp` is set once it listens; an error before
 * that is `listen()`'s to report.
 */
export function createSmtpServer(ready) {
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
  return smtpServer;
}

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

/** The HTTP API on `port` that reads and clears the caught messages, and answers /healthz. */
export function createMailApi(port, ready) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://localhost:${port}`);
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
}
