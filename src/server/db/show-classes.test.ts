import { describe, expect, it } from "vitest";
import { insertClasses } from "#server/db/show-classes.ts";
import { buildShow, dayFromToday } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();

describe("insertClasses", () => {
  it("appends classes after the existing ones and keeps the division summary in step", async () => {
    const show = await buildShow(t.app, { name: "Append Test", classes: ["Walking Horse Stake"] });
    const { db } = t.app.deps.db;
    await db.transaction().execute((trx) =>
      insertClasses(trx, show.id, [
        { id: "cel-12E", name: "Youth Equitation 11 & Under Specialty", date: dayFromToday(11) },
        { id: "cel-13", name: "Walking Horse 15.2 & Under" },
      ]),
    );
    const rows = await db
      .selectFrom("show_class")
      .select(["id", "position", "number", "division_id", "date"])
      .where("show_id", "=", show.id)
      .orderBy("position")
      .execute();
    expect(rows).toEqual([
      { id: "class-1", position: 0, number: "1", division_id: "performance", date: null },
      { id: "cel-12E", position: 1, number: "12E", division_id: "equitation", date: dayFromToday(11) },
      { id: "cel-13", position: 2, number: "13", division_id: "performance", date: null },
    ]);
    const summary = await db
      .selectFrom("show_division")
      .select(["division_id", "class_count"])
      .where("show_id", "=", show.id)
      .orderBy("division_id")
      .execute();
    expect(summary.map((r) => [r.division_id, Number(r.class_count)])).toEqual([
      ["equitation", 1],
      ["performance", 2],
    ]);
  });
});
