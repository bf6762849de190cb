import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LimitNode,
  type MigrationResultSet,
  Migrator,
  NO_MIGRATIONS,
  type OffsetNode,
  type QueryCompiler,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  sql,
  ValueNode,
} from "kysely";
import pg from "pg";
import { countQuery } from "~/lib/current-request.server";
import { CurrentSchemaPostgresDialect } from "./current-schema-introspector.server";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: DialectName;
  close: () => Promise<void>;
  /**
   * The driver's own client under Kysely, for libraries that need it (rate-limiter-flexible counts
   * attempts with its own atomic upserts): the better-sqlite3 connection or the pg pool.
   */
  client:
    | { dialect: "sqlite"; connection: SQLite.Database }
    | { dialect: "postgres"; pool: pg.Pool };
};

export type DatabaseOptions =
  | { dialect: "sqlite"; filename: string }
  | {
      dialect: "postgres";
      connectionString: string;
      /** Connections this process may hold (10). */
      maxConnections?: number;
      /** How long a query waits for a free connection before it is refused as busy (5 s). */
      connectionTimeoutMs?: number;
    };

/** Chooses PostgreSQL when a postgres URL is configured, else the embedded SQLite file in DATA_DIR. */
export function databaseOptionsFromEnv(env: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePool?: { size: number; timeoutMs: number };
}): DatabaseOptions {
  if (!env.databaseUrl) return { dialect: "sqlite", filename: path.join(env.dataDir, "app.db") };
  return {
    dialect: "postgres",
    connectionString: env.databaseUrl,
    ...(env.databasePool
      ? { maxConnections: env.databasePool.size, connectionTimeoutMs: env.databasePool.timeoutMs }
      : {}),
  };
}

/**
 * Every PostgreSQL connection of this process was in use for longer than the pool's wait: the server is
 * saturated, not broken. Requests that meet it answer 503 with Retry-After (server/database-busy.ts).
 */
export class DatabaseBusyError extends Error {
  constructor(
    readonly poolSize: number,
    options?: ErrorOptions,
  ) {
    super(`All ${poolSize} database connections stayed busy: the request was not served`, options);
    this.name = "DatabaseBusyError";
  }
}

/** Whether `error`, or an error it wraps (better-auth and Kysely rethrow with `cause`), is a busy pool. */
export function isDatabaseBusyError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof DatabaseBusyError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type BusyListener = (error: DatabaseBusyError) => void;
const busyListeners = new Set<BusyListener>();

/**
 * Called, in the async context of the request that was refused, each time the pool turns a query away
 * as busy. Returns the function that stops listening.
 */
export function onDatabaseBusy(listener: BusyListener): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

/** Calls the busy listeners as the pool wrapper does, for tests of what listens. */
export function emitBusyForTest(error: DatabaseBusyError) {
  for (const listener of busyListeners) listener(error);
}

/**
 * pg-pool fails a wait past `connectionTimeoutMillis` with a plain "timeout exceeded when trying to
 * connect" error, the same one it gives when the database does not answer a new connection in time.
 * Only the first kind, with every connection taken, is busy; both paths of `connect` (the promise, and
 * the callback that `pool.query` uses, as rate-limiter-flexible does) report it as DatabaseBusyError.
 */
function reportSaturation(pool: pg.Pool, size: number) {
  const refusal = (error: Error | undefined): Error | undefined => {
    if (!error || !/timeout exceeded when trying to connect/i.test(error.message)) return error;
    if (pool.totalCount < size) return error;
    const busy = new DatabaseBusyError(size, { cause: error });
    for (const listener of busyListeners) listener(busy);
    return busy;
  };
  type Callback = (error: Error | undefined, client: pg.PoolClient, release: () => void) => void;
  const connect = pool.connect.bind(pool) as (
    callback?: Callback,
  ) => Promise<pg.PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (callback?: Callback) => {
    if (callback) {
      return connect((error, client, release) => callback(refusal(error), client, release));
    }
    return (connect() as Promise<pg.PoolClient>).catch((error: Error) => {
      throw refusal(error);
    });
  };
}

/** Where the database is, for messages and logs: never includes a password. */
export function describeDatabase(options: DatabaseOptions): string {
  if (options.dialect === "sqlite") return `SQLite file ${options.filename}`;
  try {
    const url = new URL(options.connectionString);
    return `PostgreSQL at ${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "PostgreSQL (unparsable DATABASE_URL)";
  }
}

/**
 * SQLite transactions that start as writers (`BEGIN IMMEDIATE`). A plain `BEGIN` reads first and takes
 * the write lock later; if another process (`npm run admin`, a second server) commits in between,
 * SQLite refuses the write at once with SQLITE_BUSY_SNAPSHOT, and busy_timeout cannot help. Starting
 * immediate makes a competing writer wait for the lock instead.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateTransactionSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.settings);
  }

  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitSqliteQueryCompiler();
  }
}

/**
 * Writes a LIMIT or OFFSET that is a whole number into the SQL text instead of binding it. SQLite (as
 * better-sqlite3 builds it) plans a statement again every time a bound LIMIT is set, so a kept
 * statement gained nothing: the session's four-table join took 22 µs with `limit ?` and 6.7 µs
 * without. Only safe integers are written out, so nothing a visitor sends can reach the SQL text; any
 * other value is bound as before.
 */
class LiteralLimitSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const count = wholeNumberOf(node.limit);
    if (count === null) super.visitLimit(node);
    else this.append(`limit ${count}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    const count = wholeNumberOf(node.offset);
    if (count === null) super.visitOffset(node);
    else this.append(`offset ${count}`);
  }
}

/**
 * A whole number written into a raw query's text, for its LIMIT and OFFSET (written out for the reason
 * above). Throws for anything else, so a value that is not a safe integer never reaches the SQL.
 */
export function wholeNumberLiteral(value: number) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a whole number`);
  return sql.lit(value);
}

function wholeNumberOf(node: LimitNode["limit"]): number | null {
  if (!ValueNode.is(node)) return null;
  const { value } = node;
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}

/**
 * Kysely's SQLite driver prepares every query's statement anew (parsing and planning the SQL), which was
 * a few percent of a signed-in page's CPU time. The app's queries are a few dozen fixed texts, so their
 * statements are kept, the least recently used dropped beyond `limit` (texts that vary, such as
 * `in (?, ?, ...)` lists, cannot grow it without bound). A statement still iterating (a streamed query)
 * is never handed out twice.
 */
export function withStatementCache(connection: SQLite.Database, limit = 200): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      connection.close();
    },
    prepare: (text: string) => {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        // Re-inserted, so the map's order is least recently used first.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = connection.prepare(text);
      if (cached) return statement;
      statements.set(text, statement);
      if (statements.size > limit) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.dialect === "sqlite") {
    fs.mkdirSync(path.dirname(options.filename), { recursive: true });
    const connection = new SQLite(options.filename);
    // WAL lets readers run during a write; FULL syncs each commit, so an acknowledged write survives a
    // power cut; busy_timeout waits for a competing writer instead of failing at once.
    connection.pragma("journal_mode = WAL");
    connection.pragma("synchronous = FULL");
    connection.pragma("busy_timeout = 5000");
    connection.pragma("foreign_keys = ON");
    // Sorts, window functions and other scratch tables stay in memory, not in temporary files: the admin
    // user table's statement (a window count and an ORDER BY) took 95 µs with two accounts, 19 µs so.
    // The same sort over 10,000 accounts added 0.1 MB of resident memory.
    connection.pragma("temp_store = MEMORY");
    const db = new Kysely<Database>({
      dialect: new ImmediateTransactionSqliteDialect({ database: withStatementCache(connection) }),
      log: countQuery,
    });
    return {
      db,
      dialect: "sqlite",
      close: () => db.destroy(),
      client: { dialect: "sqlite", connection },
    };
  }
  const size = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: size,
    // Refuse a request after 5 s without a connection (a 503) instead of queueing it forever.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
  });
  reportSaturation(pool, size);
  const db = new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({ pool }),
    log: countQuery,
  });
  return {
    db,
    dialect: "postgres",
    close: () => db.destroy(),
    client: { dialect: "postgres", pool },
  };
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResultSet["results"],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "MigrationError";
  }
}

/**
 * On PostgreSQL the migrator is pinned to the connection's current schema: unpinned, Kysely looks for
 * its bookkeeping tables in every schema, so another schema's copy (a second app, or a parallel test)
 * makes it skip creating its own and then fail. What it introspects is that schema alone
 * (`CurrentSchemaPostgresDialect`), so another schema dropped meanwhile cannot fail a migration.
 */
async function createMigrator(handle: DatabaseHandle): Promise<Migrator> {
  const migrationTableSchema =
    handle.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db))
          .rows[0]?.schema
      : undefined;
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
  });
}

/** Applies every pending migration; each one runs in a transaction on both dialects. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = await createMigrator(handle);
  return migrationNames(await migrator.migrateToLatest());
}

/**
 * Brings the database to exactly the migrations up to `name` (undefined: none), up or down: a restore
 * loads an archive's rows into the schema they were saved from, then migrates to the latest.
 */
export async function migrateTo(handle: DatabaseHandle, name: string | undefined): Promise<void> {
  const migrator = await createMigrator(handle);
  migrationNames(await migrator.migrateTo(name ?? NO_MIGRATIONS));
}

/** The migrations a run applied, or the error naming the one that failed. */
function migrationNames({ error, results = [] }: MigrationResultSet): string[] {
  if (error) {
    const failed = results.find((result) => result.status === "Error");
    throw new MigrationError(
      `Database migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`,
      results,
      { cause: error },
    );
  }
  return results.map((result) => result.migrationName);
}

/**
 * Rolls back the most recent migration, or every migration from `toBefore` on; used by tests to prove
 * migrations can be undone and to seed data the way an older schema held it.
 */
export async function migrateDown(handle: DatabaseHandle, toBefore?: string): Promise<void> {
  const migrator = await createMigrator(handle);
  const names = Object.keys(migrations);
  const target = toBefore ? names[names.indexOf(toBefore) - 1] : undefined;
  const { error } = toBefore
    ? await migrator.migrateTo(target ?? NO_MIGRATIONS)
    : await migrator.migrateDown();
  if (error) throw error;
}

/**
 * Names of the migrations recorded as applied, oldest first. Reads Kysely's bookkeeping table directly:
 * the Migrator's own listing creates that table when missing, and a read must never write.
 */
export async function listAppliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select name from kysely_migration order by name
  `.execute(db);
  return result.rows.map((row) => row.name);
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
