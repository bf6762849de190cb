import type { DatabaseHandle } from "~/lib/db/database.server";
import { clearRateLimit, consumeRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";

/**
 * Who may start an upload now, decided before a byte of its body is read: at most one upload in flight
 * per account, and a number of uploads per hour per account and per client address. The counters live
 * in the rate-limit table (`lib/rate-limit.server.ts`), so every HTTP worker process sees the same
 * ones: an account cannot run one upload on each worker.
 */
export const uploadRateLimits = {
  /**
   * The in-flight lease: one point, taken when an upload starts and given back when it is answered.
   * Its window outlives any upload (the whole request within the server's 5-minute `requestTimeoutMs`,
   * server/http-limits.ts, then at most about 22 s of checks), so it runs out before it is given back
   * only for a process that died holding it.
   */
  inFlightByAccount: { name: "upload-in-flight:account", limit: 1, windowSeconds: 6 * 60 },
  /** Ten abstracts, their replacements and the final materials, with room for retries. */
  byAccount: { name: "upload:account", limit: 60, windowSeconds: 60 * 60 },
  /** A campus network shares one address on deadline day. */
  byAddress: { name: "upload:ip", limit: 300, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export type UploadAdmissionRefusal = "upload-in-progress" | "rate-limited";

export type UploadTicket =
  | { ok: true; release: () => Promise<void> }
  | { ok: false; reason: UploadAdmissionRefusal; retryAfterSeconds: number };

export type UploadAdmission = {
  admit(owner: { accountId: string; clientAddress: string | undefined }): Promise<UploadTicket>;
};

/**
 * The site's admission on its database. The lease comes first: an attempt refused because another
 * upload is in flight costs one query and counts nowhere, so hammering cannot use up the hourly
 * limits of the address (which a whole campus may share). An admitted upload counts against its
 * account, and then, if the account is within its limit, against its address; over either, its lease
 * is given back and it is refused with the wait.
 */
export function uploadAdmission(
  handle: DatabaseHandle,
  logger: { warn: (object: object, message: string) => void },
): UploadAdmission {
  return {
    async admit({ accountId, clientAddress }) {
      const lease = await consumeRateLimit(handle, uploadRateLimits.inFlightByAccount, accountId);
      if (!lease.isAllowed) {
        return {
          ok: false,
          reason: "upload-in-progress",
          retryAfterSeconds: lease.retryAfterSeconds,
        };
      }
      const release = () =>
        clearRateLimit(handle, uploadRateLimits.inFlightByAccount, accountId).catch(
          (error: unknown) => {
            // The lease then ends with its window; the account waits until then.
            logger.warn({ err: error }, "an upload's in-flight lease could not be released");
          },
        );
      try {
        // The account first: an account over its own limit must not also use up its address's, which
        // other people behind the same address share.
        const byAccount = await consumeRateLimit(handle, uploadRateLimits.byAccount, accountId);
        const byAddress =
          byAccount.isAllowed && clientAddress
            ? await consumeRateLimit(handle, uploadRateLimits.byAddress, clientAddress)
            : undefined;
        const wait = [byAccount, byAddress].reduce(
          (longest, result) =>
            result && !result.isAllowed ? Math.max(longest, result.retryAfterSeconds) : longest,
          0,
        );
        if (wait) {
          await release();
          return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };
        }
      } catch (error) {
        await release();
        throw error;
      }
      return { ok: true, release };
    },
  };
}
