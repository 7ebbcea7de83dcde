import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reusableQuery } from "#server/db/reusable-query.ts";
import { createTestApp, type TestApp } from "#tests/support/server.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.deps.db.db
    .insertInto("cache_version")
    .values([
      { subject: "a", version: 1 },
      { subject: "b", version: 2 },
      { subject: "prefix:a", version: 3 },
    ])
    .execute();
});
afterAll(() => t.close());

describe("reusableQuery", () => {
  const versions = reusableQuery(2, (db, first: string, second: string) =>
    db
      .selectFrom("cache_version")
      .select(["subject", "version"])
      .where("subject", "in", [first, `prefix:${second}`])
      .orderBy("subject"),
  );

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
