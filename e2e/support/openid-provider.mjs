// The Google half of the test services (started by test-services.mjs): a real OpenID provider
// (oidc-provider) that plays Google for "Sign in with Google", on OIDC_PORT, for the app's ports in
// APP_PORTS.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import Provider, { interactionPolicy } from "oidc-provider";

export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3127);
export const ISSUER = `http://localhost:${OIDC_PORT}`;

const CLIENT_ID = "e2e-google-client";
const CLIENT_SECRET = "e2e-google-secret";
const APP_PORTS = (process.env.APP_PORTS ?? "3107,3108").split(",").map(Number);
const REDIRECT_URIS = APP_PORTS.flatMap((port) =>
  ["localhost", "127.0.0.1"].map((host) => `http://${host}:${port}/api/auth/callback/google`),
);

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
export const oidcServer = http.createServer((req, res) => {
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
