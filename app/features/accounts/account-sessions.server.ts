import { getClientAddress } from "~/lib/client-address.server";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import { getLogger } from "~/lib/logger.server";
import { done, refuse } from "~/lib/outcome";
import { logAccountEvent } from "./account-log.server";
import type { AccountOutcome } from "./account-messages";
import type { AccountUser } from "./account-user";
import { getAuth } from "./auth.server";
import { describeDevice } from "./device-names";

/**
 * The account's sessions as its owner sees them on the profile (ASVS 3.3.4): which devices are signed
 * in, from where, and when they were last active, and a way to end all but this one.
 */

export type AccountSession = {
  id: string;
  device: string;
  address: string | null;
  signedInAt: string;
  /**
   * When the session was last renewed: the sliding expiry writes it at most once a day (the session is
   * read without a write on every request), so this is "active on this day", not to the minute.
   */
  lastSeenAt: string;
  isCurrent: boolean;
};

/** The request's own session (token and sign-in time), as better-auth reads it; null if none. */
export async function readCurrentSession(
  request: Request,
): Promise<{ token: string; createdAt: Date } | null> {
  const found = await getAuth().api.getSession({ headers: request.headers });
  if (!found) return null;
  return { token: found.session.token, createdAt: new Date(found.session.createdAt) };
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

// On every /profile: built and compiled once (preparedQuery).
const readSessionRows = preparedQuery((db, { userId }: { userId: string }) =>
  db
    .selectFrom("session")
    .select(["id", "token", "ipAddress", "userAgent", "createdAt", "updatedAt", "expiresAt"])
    .where("userId", "=", userId),
);

/** The account's live sessions, this one first, then the most recently active. */
export async function listAccountSessions(
  userId: string,
  currentToken: string | null,
  options: { now?: Date; handle?: DatabaseHandle } = {},
): Promise<AccountSession[]> {
  const handle = options.handle ?? getDatabase();
  const now = options.now ?? new Date();
  const rows = await readSessionRows(handle.db, { userId });
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now.getTime())
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      address: row.ipAddress || null,
      signedInAt: iso(row.createdAt),
      lastSeenAt: iso(row.updatedAt),
      isCurrent: row.token === currentToken,
    }))
    .sort(
      (a, b) =>
        Number(b.isCurrent) - Number(a.isCurrent) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    );
}

/**
 * Ends every session of the account except the one with `keepToken` (every process refuses them at
 * once: each request reads its session row). Returns how many ended.
 */
export async function endOtherSessions(
  userId: string,
  keepToken: string,
  handle: DatabaseHandle = getDatabase(),
): Promise<number> {
  const result = await handle.db
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where("token", "!=", keepToken)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * "Sign out of all other devices": every session of the account but this one ends, and the log says
 * who, from where and how many (ASVS 7.2). The value is how many ended.
 */
export async function signOutOtherDevices(
  request: Request,
  user: Pick<AccountUser, "id">,
): Promise<AccountOutcome<number>> {
  try {
    const current = await readCurrentSession(request);
    if (!current) return refuse("signOutOthersFailed");
    const ended = await endOtherSessions(user.id, current.token);
    logAccountEvent("sessions-revoked", {
      userId: user.id,
      address: getClientAddress(request),
      count: ended,
      reason: "sign-out-other-devices",
    });
    return done(ended);
  } catch (error) {
    getLogger().error({ err: error }, "signing out the other devices failed");
    return refuse("signOutOthersFailed");
  }
}
