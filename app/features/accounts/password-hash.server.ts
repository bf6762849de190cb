import { AsyncLocalStorage } from "node:async_hooks";
import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Password hashing is scrypt on libuv's thread pool (4 threads): tens of milliseconds of CPU each, far
 * more on a loaded machine. Two things went wrong under a burst of sign-ups on 2 workers:
 *
 * - better-auth runs the whole sign-up in one database transaction and hashed inside it. On SQLite the
 *   transaction holds the file's write lock (BEGIN IMMEDIATE) for the whole hash: the other worker
 *   waited for it synchronously and its own writes (the rate-limit counters) gave up after
 *   busy_timeout with SQLITE_BUSY, a 500. So registration hashes first, outside any transaction, and
 *   hands the result to better-auth's hasher through the request's async context.
 * - Twenty parallel hashes queue on the 4 pool threads, and the rest of the transaction (signing the
 *   verification token is WebCrypto, on the same pool) waited behind them with its PostgreSQL
 *   connection held: the pool ran dry and requests got 503. So at most two hashes run at once per
 *   process, leaving pool threads for the short jobs; a hash waits for its turn holding nothing.
 */
const concurrentHashes = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= concurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, if any, so `running` stays counted.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const hashedFirst = new AsyncLocalStorage<{ password: string; hash: string }>();

/** better-auth's `emailAndPassword.password.hash`: the hash made before the transaction, if any. */
export async function hashPasswordForAuth(password: string): Promise<string> {
  const prepared = hashedFirst.getStore();
  if (prepared && prepared.password === password) return prepared.hash;
  return inTurn(() => hashPassword(password));
}

/** better-auth's `emailAndPassword.password.verify`, taking its turn like a hash. */
export function verifyPasswordForAuth(input: { hash: string; password: string }): Promise<boolean> {
  return inTurn(() => verifyPassword(input));
}

/** Hashes `password` now, then runs `work` (which starts better-auth's transaction) with that hash. */
export async function withPasswordHashedFirst<T>(
  password: string,
  work: () => Promise<T>,
): Promise<T> {
  return withPreparedHash(password, await inTurn(() => hashPassword(password)), work);
}

/** Runs `work` with `hash` as the hash better-auth gets for `password` (tests check it arrives). */
export function withPreparedHash<T>(password: string, hash: string, work: () => Promise<T>) {
  return hashedFirst.run({ password, hash }, work);
}
