import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from "kysely";
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
