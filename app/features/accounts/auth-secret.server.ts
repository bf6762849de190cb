import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Env } from "~/lib/env.server";

/**
 * BETTER_AUTH_SECRET signs session cookies and verification links. When it is not set, one is generated
 * on first start and kept in DATA_DIR, so `npm start` works with nothing configured and sessions survive
 * restarts. Several servers behind one load balancer must share it: set the variable there.
 */
export function resolveAuthSecret(
  env: Pick<Env, "authSecret" | "dataDir">,
  logger: Pick<Logger, "warn">,
): string {
  if (env.authSecret) return env.authSecret;
  const file = path.join(env.dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  // "wx" fails if another process wrote the file first; then theirs is the one to use.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
  logger.warn(
    { file },
    `BETTER_AUTH_SECRET is not set: generated one and saved it in ${file}. Set BETTER_AUTH_SECRET in production, the same on every server.`,
  );
  return secret;
}
