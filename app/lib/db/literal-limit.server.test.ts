import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, wholeNumberLiteral } from "./database.server";

// SQLite plans a statement again whenever a bound LIMIT is set, so the SQLite database writes whole-number
// limits and offsets into the query text (database.server.ts).
describe("LIMIT and OFFSET on SQLite", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-literal-limit-"));
  const handle = openDatabase({ dialect: "sqlite", filename: path.join(dir, "app.db") });
  const { db } = handle;
  beforeAll(async () => {
    await sql`create table item (n integer primary key)`.execute(db);
    await sql`insert into item (n) values (1), (2), (3), (4), (5)`.execute(db);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes whole numbers into the text, binds everything else, and answers the same rows", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a table made by this test, outside the app's schema
    const items = (db as any).selectFrom("item").select("n").orderBy("n");

    const page = items.limit(2).offset(1);
    const compiled = page.compile();
    expect(compiled.sql).toMatch(/limit 2 offset 1$/);
    expect(compiled.parameters).toEqual([]);
    expect(await page.execute()).toEqual([{ n: 2 }, { n: 3 }]);

    // A fraction, a bigint or an expression is not a safe integer: bound as a parameter, as before.
    const bound = items.limit(2n).compile();
    expect(bound.sql).toMatch(/limit \?$/);
    expect(bound.parameters).toEqual([2n]);
    const expression = items.limit(sql<number>`1 + 1`);
    expect(await expression.execute()).toEqual([{ n: 1 }, { n: 2 }]);

    // A value from a visitor (a page number from the address) can only be a number here: a string that
    // tries to become SQL is bound, never written into the text.
    const crafted = "1; drop table item" as unknown as number;
    const refused = items.limit(crafted).compile();
    expect(refused.sql).not.toContain("drop");
    expect(refused.parameters).toEqual([crafted]);
  });

  it("writes a raw query's whole numbers and refuses anything else", async () => {
    const rows = await sql<{ n: number }>`select n from item order by n
      limit ${wholeNumberLiteral(2)} offset ${wholeNumberLiteral(3)}`.execute(db);
    expect(rows.rows).toEqual([{ n: 4 }, { n: 5 }]);
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => wholeNumberLiteral(value)).toThrow(RangeError);
    }
  });

  it("keeps sorts and scratch tables in memory, not in temporary files", () => {
    if (handle.client.dialect !== "sqlite") throw new Error("expected SQLite");
    // 2 is MEMORY (0 would be the compile-time default: temporary files).
    expect(handle.client.connection.pragma("temp_store", { simple: true })).toBe(2);
  });
});
