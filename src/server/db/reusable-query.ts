import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * A query built and compiled once per database handle, then run with new arguments: for the
 * statements every cached response runs first (its version read). Building a Kysely query with
 * subqueries and compiling it costs several times what SQLite takes to run a few primary-key reads,
 * on every request. The query is built with placeholder strings in place of its arguments; a
 * call swaps them for the real values in the compiled parameters, so the SQL text stays the same.
 * A database handle's transactions share its compiled query (they share its adapter and plugins).
 */
export function reusableQuery<Args extends string[], Row>(
  arity: Args["length"],
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000argument ${i}\u0000`) as Args;
  const compiled = new WeakMap<DialectAdapter, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const handle = db.getExecutor().adapter;
    let query = compiled.get(handle);
    if (!query) {
      query = build(db, ...placeholders).compile();
      compiled.set(handle, query);
    }
    const parameters = query.parameters.map((p) =>
      typeof p === "string" && p.includes("\u0000")
        ? placeholders.reduce<string>((value, placeholder, i) => value.replaceAll(placeholder, args[i]!), p)
        : p,
    );
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** Shapes kept per database handle; a save's statements come in a handful of shapes. */
const SHAPES_PER_HANDLE = 100;

interface ShapedStatement<Row> {
  query: CompiledQuery<Row>;
  /** For each compiled parameter, the index of the value it takes, or -1 to keep it as compiled. */
  slots: number[];
}

/**
 * A write whose SQL text depends only on its shape (how many rows an insert carries, how many ids a
 * delete names), built and compiled once per database handle and shape, then run with each call's
 * values: building and compiling an entry save's insert and delete with Kysely cost more than
 * SQLite took to run them. `build` gets one placeholder per value, in order, and must bind each as a
 * whole value (never inside a larger string); a call's values then take their places, nulls too.
 * `shape` names what the values alone do not tell (how many of them are ids, say).
 */
export function reusableStatement<Row = unknown>(
  build: (db: Kysely<Database>, shape: string, placeholders: string[]) => Compilable<Row>,
): (db: Kysely<Database>, shape: string, values: readonly unknown[]) => Promise<QueryResult<Row>> {
  const compiled = new WeakMap<DialectAdapter, Map<string, ShapedStatement<Row>>>();
  return async (db, shape, values) => {
    const handle = db.getExecutor().adapter;
    let shapes = compiled.get(handle);
    if (!shapes) {
      shapes = new Map();
      compiled.set(handle, shapes);
    }
    const key = `${shape}\u0000${values.length}`;
    let statement = shapes.get(key);
    if (!statement) {
      const placeholders = values.map((_, i) => `\u0000value ${i}\u0000`);
      const index = new Map(placeholders.map((p, i) => [p, i]));
      const query = build(db, shape, placeholders).compile();
      const slots = query.parameters.map((p) => (typeof p === "string" ? (index.get(p) ?? -1) : -1));
      if (new Set(slots.filter((s) => s >= 0)).size !== values.length) {
        throw new Error("reusableStatement: every value must be bound once, as a whole parameter");
      }
      statement = { query, slots };
      shapes.set(key, statement);
      if (shapes.size > SHAPES_PER_HANDLE) shapes.delete(shapes.keys().next().value!);
    }
    const { query, slots } = statement;
    const parameters = slots.map((slot, i) => (slot < 0 ? query.parameters[i] : values[slot]));
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
