import crypto from "node:crypto";
import pg from "pg";

/** One statement on its own connection to the server at `url`. */
export async function runStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty schema on the test PostgreSQL server and the address that uses it (as a site's
 * DATABASE_URL would), for tests that hand the database to another process.
 */
export async function scratchPostgresSchema(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await runStatement(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => runStatement(baseUrl, `drop schema ${schema} cascade`),
  };
}
