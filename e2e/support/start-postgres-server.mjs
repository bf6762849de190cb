// Starts the production server on PostgreSQL in an emptied `e2e` schema of TEST_DATABASE_URL's
// database, so each run begins from nothing. The schema is also dropped when the server exits cleanly;
// Playwright may kill it outright, so the drop at start is what guarantees a fresh run.
import { spawn } from "node:child_process";
import pg from "pg";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error("TEST_DATABASE_URL is required");

async function run(statements) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  await client.end();
}

// Side-by-side checkouts (E2E_PORT_OFFSET) each get a schema of their own.
const schema = `e2e${process.env.E2E_PORT_OFFSET ?? ""}`;
await run([`drop schema if exists ${schema} cascade`, `create schema ${schema}`]);

const databaseUrl = new URL(baseUrl);
databaseUrl.searchParams.set("options", `-c search_path=${schema}`);
const server = spawn(process.execPath, ["server.js"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", async (code) => {
  await run([`drop schema if exists ${schema} cascade`]).catch((error) => console.error(error));
  process.exit(code ?? 0);
});
