import type { Logger } from "pino";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";

/**
 * The security events of accounts (ASVS 7.2), one JSON log line each, with the account's id and the
 * client address the server trusts. Only these fields are written: never a password, token, cookie or
 * the address someone typed for an unknown account (people type passwords into the email field).
 */
export type AccountEvent =
  | "sign-in"
  | "sign-in-failed"
  | "sign-in-locked"
  | "password-changed"
  | "password-reset"
  | "password-added"
  | "sessions-revoked";

const eventMessages: Record<AccountEvent, string> = {
  "sign-in": "account signed in",
  "sign-in-failed": "account sign-in failed",
  "sign-in-locked": "account sign-in refused: too many failed attempts",
  "password-changed": "account password changed",
  "password-reset": "account password reset",
  "password-added": "account password added",
  "sessions-revoked": "account sessions revoked",
};

export type AccountEventFields = {
  /** The account's id; null when the attempt named no account that exists. */
  userId: string | null;
  address: string | undefined;
  /** Why, as a fixed code ("wrong-password", "google"), never what was typed. */
  reason?: string;
  /** For revocations: how many sessions ended. */
  count?: number;
  /** For a lockout: whether it holds for this client or the whole account. */
  scope?: "client" | "account";
};

export function logAccountEvent(
  event: AccountEvent,
  fields: AccountEventFields,
  logger: Pick<Logger, "info" | "warn"> = getLogger(),
): void {
  const line = {
    event: `account.${event}`,
    userId: fields.userId,
    address: fields.address ?? null,
    ...(fields.reason === undefined ? {} : { reason: fields.reason }),
    ...(fields.count === undefined ? {} : { count: fields.count }),
    ...(fields.scope === undefined ? {} : { scope: fields.scope }),
  };
  const isWarning = event === "sign-in-failed" || event === "sign-in-locked";
  if (isWarning) logger.warn(line, eventMessages[event]);
  else logger.info(line, eventMessages[event]);
}

/** The id of the account with this email, for a log line about an attempt on it; null if none. */
export async function accountIdForEmail(
  email: string,
  handle: DatabaseHandle = getDatabase(),
): Promise<string | null> {
  const row = await handle.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}
