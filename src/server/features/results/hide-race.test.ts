import { beforeAll, describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow } from "#tests/support/show-day-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";
import { hideResultRow } from "./results.repository.ts";

/**
 * An owner hides a result from their Show Records while a steward corrects the class and the line goes
 * away. The hide checked the result and then inserted its row: when the correction committed in
 * between, the insert broke the foreign key and the owner got "Something went wrong" (seen on both
 * engines by the attacker probe of wave 3, about one round in thirty).
 */
const CLASSES = 30;

let show: Awaited<ReturnType<typeof buildRunningShow>>;
let horse: { id: string; name: string };

const line = (placing: number, name: string, horseId: string | null = null): PublishLine => ({
  lineNo: placing,
  placing,
  horse: name,
  rider: "Printed Rider",
  owner: "Printed Owner",
  horseId,
});
const hiddenRows = () => t.app.deps.db.db.selectFrom("result_hidden").selectAll().execute();

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const owner = t.user({ name: "Olive Owner" });

beforeAll(async () => {
  show = await buildRunningShow(t.app, admin, { classes: CLASSES });
  horse = await buildHorse(t.app, { name: "Velvet Victory", owners: [owner.id] });
});

async function publishedResultId(classId: string): Promise<string> {
  const url = `/api/shows/${show.show.id}/classes/${classId}/results`;
  const published = await call(t.app, "POST", url, {
    cookie: admin.cookie,
    body: { lines: [line(1, horse.name, horse.id), line(2, "Some Other Horse")] },
  });
  expect(published.statusCode).toBe(200);
  const id = (published.json() as { placings: { id: string; horseId: string | null }[] }).placings.find(
    (p) => p.horseId === horse.id,
  )?.id;
  if (!id) throw new Error("no result for the horse");
  return id;
}

describe("hiding a result while the class is corrected", () => {
  it("stores nothing, and fails nothing, for a result that is gone by the time it is written", async () => {
    const resultId = await publishedResultId("class-1");
    const corrected = await call(t.app, "PUT", `/api/shows/${show.show.id}/classes/class-1/results`, {
      cookie: admin.cookie,
      body: { version: 1, lines: [line(1, "Some Other Horse")] },
    });
    expect(corrected.statusCode).toBe(200);
    await expect(
      hideResultRow(t.app.deps.db.db, t.app.deps.db.kind, owner.id, resultId),
    ).resolves.toBeUndefined();
    expect(await hiddenRows()).toEqual([]);
  });

  it("answers the owner's hides racing a correction with 204 or 404, never a server error", async () => {
    const statuses = new Set<number>();
    for (let n = 2; n <= CLASSES; n++) {
      const url = `/api/shows/${show.show.id}/classes/class-${n}/results`;
      const resultId = await publishedResultId(`class-${n}`);
      const hide = () =>
        call(t.app, "PUT", `/api/records/results/${resultId}/hidden`, { cookie: owner.cookie });
      const answers = await Promise.all([
        hide(),
        hide(),
        call(t.app, "PUT", url, {
          cookie: admin.cookie,
          body: { version: 1, lines: [line(1, "Some Other Horse")] },
        }),
        hide(),
        hide(),
      ]);
      expect(answers[2]?.statusCode).toBe(200);
      for (const answer of [answers[0], answers[1], answers[3], answers[4]])
        statuses.add(answer?.statusCode ?? 0);
    }
    expect([...statuses].filter((s) => s !== 204 && s !== 404)).toEqual([]);
    // Every result the owner hid went with its line: nothing is left pointing at a corrected-away result.
    expect(await hiddenRows()).toEqual([]);
  });
});
