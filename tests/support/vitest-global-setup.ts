/** Runs once per `vitest` run, before any test file. */
export default function setup() {
  if (!process.env.TEST_DATABASE_URL?.trim()) {
    console.warn("PostgreSQL tests skipped: set TEST_DATABASE_URL to run them.");
  }
}
