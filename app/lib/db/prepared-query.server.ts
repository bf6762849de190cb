import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema";

/** The values a prepared query takes, by name: each is sent as a parameter, never written into SQL. */
export type PreparedQueryArgs = Record<string, string | number | null>;

type Template = {
  compiled: CompiledQuery<unknown>;
  /** Which parameter positions take which argument. */
  slots: readonly (readonly [position: number, name: string])[];
};

/**
 * A query whose text never changes, only its values: built and compiled by Kysely once per database
 * handle, then run with each call's values. Building and compiling through Kysely costs more than
 * SQLite's answer for a small query, and some run on every page: the admin area's mail alert (four
 * subqueries) cost about 460 µs of a request in Kysely alone, the settings read about as much as the
 * database did.
 *
 * `build` gets a stand-in for each argument of the first call and must send each as a plain value: not
 * in a list whose length varies, not changed (a `LIKE` pattern made from it), not where Kysely writes a
 * value into the SQL's text. The first run checks these, and that every argument is sent (a builder that
 * read a value from outside instead would run with it forever), and throws otherwise; so pass exactly
 * the arguments the query takes. A transaction's handle compiles its own copy, dropped with it.
 */
export function preparedQuery<Args extends PreparedQueryArgs, Row>(
  build: (db: Kysely<Database>, args: Args) => Compilable<Row>,
): (db: Kysely<Database>, args: Args) => Promise<Row[]> {
  const templates = new WeakMap<Kysely<Database>, Template>();
  // A stand-in no caller's value can equal: unique to this query, with a character no text we store has.
  const marker = `\u0000prepared:${Math.random().toString(36).slice(2)}:`;

  const prepare = (db: Kysely<Database>, args: Args): Template => {
    const names = Object.keys(args);
    const standIns = Object.fromEntries(names.map((name) => [name, `${marker}${name}`])) as Args;
    const compiled = build(db, standIns).compile() as CompiledQuery<unknown>;
    if (compiled.sql.includes(marker)) {
      throw new Error(
        "a prepared query's argument was written into its SQL text, not sent as a value",
      );
    }
    const slots: (readonly [number, string])[] = [];
    compiled.parameters.forEach((parameter, position) => {
      if (typeof parameter !== "string" || !parameter.includes(marker)) return;
      const name = parameter.slice(marker.length);
      if (!parameter.startsWith(marker) || !names.includes(name)) {
        throw new Error("a prepared query sends a value made from its argument, not the argument");
      }
      slots.push([position, name]);
    });
    for (const name of names) {
      if (!slots.some(([, slotName]) => slotName === name)) {
        throw new Error(`a prepared query does not use its argument "${name}" as a value`);
      }
    }
    return { compiled, slots };
  };

  return async (db, args) => {
    let template = templates.get(db);
    if (!template) {
      template = prepare(db, args);
      templates.set(db, template);
    }
    const parameters = [...template.compiled.parameters];
    for (const [position, name] of template.slots) parameters[position] = args[name];
    const { rows } = await db.executeQuery<Row>({
      ...template.compiled,
      parameters,
    } as CompiledQuery<Row>);
    return rows;
  };
}
