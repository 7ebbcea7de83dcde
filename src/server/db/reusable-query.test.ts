import { beforeAll, describe, expect, it } from "vitest";
import { reusableQuery, reusableStatement } from "#server/db/reusable-query.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();

beforeAll(async () => {
  await t.app.deps.db.db
    .insertInto("cache_version")
    .values([
      { subject: "a", version: 1 },
      { subject: "b", version: 2 },
      { subject: "prefix:a", version: 3 },
    ])
    .execute();
});

const versions = reusableQuery(2, (db, first: string, second: string) =>
  db
    .selectFrom("cache_version")
    .select(["subject", "version"])
    .where("subject", "in", [first, `prefix:${second}`])
    .orderBy("subject"),
);

describe("reusableQuery", () => {
  it("runs the query compiled once with each call's own arguments, also inside a built parameter", async () => {
    const { db } = t.app.deps.db;
    expect(await versions(db, "a", "a")).toEqual([
      { subject: "a", version: 1 },
      { subject: "prefix:a", version: 3 },
    ]);
    expect(await versions(db, "b", "none")).toEqual([{ subject: "b", version: 2 }]);
    expect(await versions(db, "x' or 1=1 --", "a")).toEqual([{ subject: "prefix:a", version: 3 }]);
  });

  it("runs the same compiled query inside a transaction, where it sees the transaction's writes", async () => {
    const { db } = t.app.deps.db;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("cache_version").values({ subject: "c", version: 4 }).execute();
      expect(await versions(trx, "c", "a")).toEqual([
        { subject: "c", version: 4 },
        { subject: "prefix:a", version: 3 },
      ]);
      await trx.deleteFrom("cache_version").where("subject", "=", "c").execute();
    });
  });
});

describe("reusableStatement", () => {
  // Inserts pairs of (subject, version) and answers with what it inserted: the shape is the row count.
  const insert = reusableStatement<{ subject: string; version: number }>((db, _shape, values) => {
    const rows: { subject: string; version: number }[] = [];
    for (let i = 0; i < values.length; i += 2) {
      rows.push({ subject: values[i]!, version: values[i + 1] as unknown as number });
    }
    return db.insertInto("cache_version").values(rows).returning(["subject", "version"]);
  });
  const remove = reusableStatement((db, shape, values) =>
    db
      .deleteFrom("cache_version")
      .where("subject", "in", values.slice(0, Number(shape)))
      .where("version", "<", values[Number(shape)] as unknown as number),
  );

  it("gives each call's own values, in order, to a statement compiled once per shape", async () => {
    const { db } = t.app.deps.db;
    const first = await insert(db, "", ["s1", 10]);
    const again = await insert(db, "", ["s2", 20]);
    const two = await insert(db, "", ["s3", 30, "x' or 1=1 --", 40]);
    expect([...first.rows, ...again.rows, ...two.rows]).toEqual([
      { subject: "s1", version: 10 },
      { subject: "s2", version: 20 },
      { subject: "s3", version: 30 },
      { subject: "x' or 1=1 --", version: 40 },
    ]);
    // Three values as two ids and a bound, then two as one id and a bound: each shape its own statement.
    await remove(db, "2", ["s1", "s3", 25]);
    await remove(db, "1", ["x' or 1=1 --", 50]);
    const left = await db.selectFrom("cache_version").select("subject").orderBy("subject").execute();
    expect(left.map((r) => r.subject)).toEqual(["a", "b", "prefix:a", "s2", "s3"]);
    await db.deleteFrom("cache_version").where("subject", "in", ["s2", "s3"]).execute();
  });

  it("refuses a build that does not bind every value as a whole parameter", async () => {
    const { db } = t.app.deps.db;
    const inside = reusableStatement((q, _shape, values) =>
      q.deleteFrom("cache_version").where("subject", "=", `prefix:${values[0]}`),
    );
    await expect(inside(db, "", ["a"])).rejects.toThrow(/whole parameter/);
    expect(await versions(db, "a", "a")).toHaveLength(2);
  });
});
