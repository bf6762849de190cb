import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./database.server";

describe("withStatementCache", () => {
  it("prepares a query text once, keeps at most `limit` texts, and never hands out a busy statement", () => {
    const connection = new SQLite(":memory:");
    const database = withStatementCache(connection, 2);
    const first = database.prepare("select 1 as one");
    expect(database.prepare("select 1 as one")).toBe(first);
    database.prepare("select 2 as two");
    database.prepare("select 3 as three");
    // The least recently used text was dropped.
    expect(database.prepare("select 1 as one")).not.toBe(first);

    const iterating = database.prepare("select 4 as four") as SQLite.Statement;
    const rows = iterating.iterate();
    rows.next();
    const other = database.prepare("select 4 as four") as SQLite.Statement;
    expect(other).not.toBe(iterating);
    expect(other.get()).toEqual({ four: 4 });
    rows.return?.();
    expect(database.prepare("select 4 as four")).toBe(iterating);
    database.close();
  });
});
