import { type Kysely, PostgresAdapter } from "kysely";

/** Column types that differ between the two databases, for migrations that must run on both. */
export function columnTypes(db: Kysely<unknown>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    isPostgres,
    boolean: isPostgres ? "boolean" : "integer",
    timestamp: isPostgres ? "timestamptz" : "text",
    false: isPostgres ? "false" : "0",
  } as const;
}
