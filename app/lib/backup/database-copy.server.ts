import SQLite from "better-sqlite3";
import { type Kysely, sql, type Transaction } from "kysely";
import pg from "pg";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

/**
 * Tables a copy of the site leaves out: the migrator's own (the archive lists the applied migrations
 * instead), sign-in attempt counters (minutes of state, rebuilt by use), and the installation's record of
 * its own backups (a restored site starts its own history).
 */
const tablesNotCopied = new Set([
  "kysely_migration",
  "kysely_migration_lock",
  "rate_limit",
  "backup_run",
]);

export type TableRows = {
  name: string;
  columns: string[];
  /** The table's rows in batches, each row its values in `columns` order. */
  batches: AsyncIterable<unknown[][]>;
};

/** A consistent, read-only view of the whole database, taken while the site keeps serving. */
export type DatabaseSnapshot = {
  dialect: DatabaseOptions["dialect"];
  migrations: string[];
  /** Every copied table, a table after the tables it references. */
  tables: TableRows[];
  close: () => Promise<void>;
};

const batchRows = 500;

/** Orders tables so that each comes after every table it references (its rows can be inserted then). */
export function referencesFirst(tables: string[], references: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const referenced of references.get(table) ?? []) {
      if (referenced !== table && tables.includes(referenced)) place(referenced);
    }
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) place(table);
  return ordered;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * SQLite: a second, read-only connection holding one read transaction. In WAL mode its view is fixed at
 * its first read while the server's writers go on.
 */
function openSqliteSnapshot(filename: string): DatabaseSnapshot {
  const connection = new SQLite(filename, { readonly: true, fileMustExist: true });
  connection.pragma("busy_timeout = 5000");
  connection.exec("begin");
  const migrations = (
    connection.prepare("select name from kysely_migration order by name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
  const names = (
    connection
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[]
  )
    .map((row) => row.name)
    .filter((name) => !tablesNotCopied.has(name));
  const references = new Map<string, Set<string>>();
  for (const name of names) {
    const keys = connection.prepare(`pragma foreign_key_list(${quote(name)})`).all() as {
      table: string;
    }[];
    references.set(name, new Set(keys.map((key) => key.table)));
  }
  const tables = referencesFirst(names, references).map((name): TableRows => {
    const statement = connection.prepare(`select * from ${quote(name)}`).raw(true);
    return {
      name,
      columns: statement.columns().map((column) => column.name),
      batches: {
        [Symbol.asyncIterator]: async function* () {
          let batch: unknown[][] = [];
          for (const row of statement.iterate() as Iterable<unknown[]>) {
            batch.push(row);
            if (batch.length === batchRows) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length) yield batch;
        },
      },
    };
  });
  return {
    dialect: "sqlite",
    migrations,
    tables,
    close: async () => {
      if (connection.open) {
        connection.exec("commit");
        connection.close();
      }
    },
  };
}

/** PostgreSQL: one repeatable-read, read-only transaction; each table is read through a cursor. */
async function openPostgresSnapshot(connectionString: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrations = (
      await client.query<{ name: string }>("select name from kysely_migration order by name")
    ).rows.map((row) => row.name);
    const names = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      )
    ).rows
      .map((row) => row.name)
      .filter((name) => !tablesNotCopied.has(name));
    const references = await postgresReferences(client);
    const tables: TableRows[] = [];
    for (const name of referencesFirst(names, references)) {
      const columns = (
        await client.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
          [name],
        )
      ).rows.map((row) => row.name);
      const list = columns.map(quote).join(", ");
      tables.push({
        name,
        columns,
        batches: {
          [Symbol.asyncIterator]: async function* () {
            const cursor = `backup_${tables.length}`;
            await client.query(
              `declare ${cursor} no scroll cursor for select ${list} from ${quote(name)}`,
            );
            try {
              for (;;) {
                const result = await client.query({
                  text: `fetch ${batchRows} from ${cursor}`,
                  rowMode: "array",
                });
                if (!result.rows.length) break;
                yield result.rows as unknown[][];
              }
            } finally {
              await client.query(`close ${cursor}`);
            }
          },
        },
      });
    }
    return {
      dialect: "postgres",
      migrations,
      tables,
      close: async () => {
        await client.query("commit").catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** Which table each foreign key of the current schema points to. */
const postgresForeignKeys = `
  select source.relname as table, target.relname as referenced
  from pg_constraint c
  join pg_class source on source.oid = c.conrelid
  join pg_class target on target.oid = c.confrelid
  join pg_namespace n on n.oid = source.relnamespace
  where c.contype = 'f' and n.nspname = current_schema()`;

function referencesByTable(rows: { table: string; referenced: string }[]) {
  const references = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = references.get(row.table) ?? new Set<string>();
    set.add(row.referenced);
    references.set(row.table, set);
  }
  return references;
}

async function postgresReferences(client: pg.Client): Promise<Map<string, Set<string>>> {
  return referencesByTable(
    (await client.query<{ table: string; referenced: string }>(postgresForeignKeys)).rows,
  );
}

export async function openDatabaseSnapshot(options: DatabaseOptions): Promise<DatabaseSnapshot> {
  return options.dialect === "sqlite"
    ? openSqliteSnapshot(options.filename)
    : openPostgresSnapshot(options.connectionString);
}

/** A value as the archive's JSON holds it: dates as ISO text, bytes as base64, big integers as text. */
export function toPortableValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return { base64: value.toString("base64") };
  if (typeof value === "bigint") return value.toString();
  return value;
}

type ColumnKind = "boolean" | "timestamp" | "blob" | "other";

async function targetColumnKinds(
  trx: Transaction<Database>,
  dialect: DatabaseHandle["dialect"],
  table: string,
): Promise<Map<string, ColumnKind>> {
  const kinds = new Map<string, ColumnKind>();
  if (dialect === "sqlite") {
    const rows = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${table})
    `.execute(trx);
    for (const row of rows.rows) kinds.set(row.name, /blob/i.test(row.type) ? "blob" : "other");
    return kinds;
  }
  const rows = await sql<{ name: string; type: string }>`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
  `.execute(trx);
  for (const row of rows.rows) {
    kinds.set(
      row.name,
      row.type === "boolean"
        ? "boolean"
        : row.type.startsWith("timestamp")
          ? "timestamp"
          : row.type === "bytea"
            ? "blob"
            : "other",
    );
  }
  return kinds;
}

/**
 * A portable value as the target database takes it. SQLite keeps booleans as 0 and 1; PostgreSQL reads
 * SQLite's `CURRENT_TIMESTAMP` text (no zone) as UTC, which is what SQLite meant.
 */
function toTargetValue(
  value: unknown,
  kind: ColumnKind,
  dialect: DatabaseHandle["dialect"],
): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "object" && value && "base64" in value) {
    return Buffer.from(String((value as { base64: string }).base64), "base64");
  }
  if (dialect === "sqlite") return typeof value === "boolean" ? (value ? 1 : 0) : value;
  if (kind === "boolean") return typeof value === "boolean" ? value : Number(value) !== 0;
  if (
    kind === "timestamp" &&
    typeof value === "string" &&
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(value)
  ) {
    return `${value.replace(" ", "T")}Z`;
  }
  return value;
}

/** Names of the tables in the target that a load replaces, a table after the tables it references. */
export async function listCopiedTables(
  db: Kysely<Database> | Transaction<Database>,
  dialect: DatabaseHandle["dialect"],
): Promise<string[]> {
  if (dialect === "sqlite") {
    const rows = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
    `.execute(db);
    const names = rows.rows.map((row) => row.name).filter((name) => !tablesNotCopied.has(name));
    const references = new Map<string, Set<string>>();
    for (const name of names) {
      const keys = await sql<{
        table: string;
      }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
      references.set(name, new Set(keys.rows.map((key) => key.table)));
    }
    return referencesFirst(names, references);
  }
  const rows = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(db);
  const names = rows.rows.map((row) => row.name).filter((name) => !tablesNotCopied.has(name));
  const references = await sql<{ table: string; referenced: string }>`${sql.raw(
    postgresForeignKeys,
  )}`.execute(db);
  return referencesFirst(names, referencesByTable(references.rows));
}

/** Rows per copied table. */
export async function countRows(
  db: Kysely<Database> | Transaction<Database>,
  dialect: DatabaseHandle["dialect"],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of await listCopiedTables(db, dialect)) {
    const result = await sql<{ count: number | string }>`
      select count(*) as count from ${sql.table(table)}
    `.execute(db);
    counts.set(table, Number(result.rows[0]?.count ?? 0));
  }
  return counts;
}

/**
 * What a database just migrated to `migrations` holds by itself (the shipped site content the content
 * migration imports). A target with no more than this holds no data of anyone's.
 */
export async function rowsOfFreshDatabase(
  migrateTo: (handle: DatabaseHandle, name: string | undefined) => Promise<void>,
  migrations: string[],
): Promise<Map<string, number>> {
  const fresh = openDatabase({ dialect: "sqlite", filename: ":memory:" });
  try {
    await migrateTo(fresh, migrations.at(-1));
    return await countRows(fresh.db, "sqlite");
  } finally {
    await fresh.close();
  }
}

/**
 * Replaces every copied table's rows with `tables`, in one transaction: on any failure the target keeps
 * what it had. Tables absent from `tables` are left empty. Returns the rows loaded per table.
 */
export async function loadTables(
  trx: Transaction<Database>,
  dialect: DatabaseHandle["dialect"],
  tables: AsyncIterable<TableRows> | Iterable<TableRows>,
): Promise<Map<string, number>> {
  const present = await listCopiedTables(trx, dialect);
  for (const table of [...present].reverse()) {
    await sql`delete from ${sql.table(table)}`.execute(trx);
  }
  const loaded = new Map<string, number>();
  for await (const table of tables) {
    if (!present.includes(table.name)) {
      throw new Error(`The target database has no table ${table.name}`);
    }
    const kinds = await targetColumnKinds(trx, dialect, table.name);
    for (const column of table.columns) {
      if (!kinds.has(column)) {
        throw new Error(`The target database's table ${table.name} has no column ${column}`);
      }
    }
    let count = 0;
    // The table is chosen at run time (checked against the target above), so the query is untyped.
    const untyped = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
    // Well under both databases' limits on parameters in one statement.
    const rowsPerInsert = Math.max(1, Math.floor(2_000 / Math.max(1, table.columns.length)));
    for await (const batch of table.batches) {
      for (let start = 0; start < batch.length; start += rowsPerInsert) {
        const values = batch
          .slice(start, start + rowsPerInsert)
          .map((row) =>
            Object.fromEntries(
              table.columns.map((column, index) => [
                column,
                toTargetValue(row[index], kinds.get(column) ?? "other", dialect),
              ]),
            ),
          );
        await untyped.insertInto(table.name).values(values).execute();
        count += values.length;
      }
    }
    loaded.set(table.name, count);
  }
  return loaded;
}
