import { beforeAll, describe, expect, it } from "vitest";
import type { PublishLine, ResultPreview } from "#domain/contracts/results.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Publishing never attaches a printed name short of an exact match without a person's confirmation
 * (issue 22, "Bad input"), even when the API is called directly: exact means the name of exactly one
 * horse among all of Ringside's (its name or a remembered name), and that one is the horse the line names.
 */
const p = resultsTexts.problems;

let show: Awaited<ReturnType<typeof buildShow>>;

const url = (classId: string) => `/api/shows/${show.id}/classes/${classId}/results`;
const publish = (classId: string, lines: PublishLine[]) =>
  call(t.app, "POST", url(classId), { cookie: admin.cookie, body: { lines } });
const line = (lineNo: number, horse: string, horseId: string | null, confirmed?: boolean): PublishLine => ({
  lineNo,
  placing: lineNo,
  horse,
  rider: "Jane Doe",
  owner: "Smith Farms",
  horseId,
  ...(confirmed === undefined ? {} : { confirmed }),
});
const resultsOf = (classId: string) =>
  t.app.deps.db.db.selectFrom("result").select("horse_id").where("class_id", "=", classId).execute();
const aliasesOf = (horseId: string) =>
  t.app.deps.db.db.selectFrom("horse_alias").select("printed").where("horse_id", "=", horseId).execute();
const previewMatch = async (classId: string, text: string) => {
  const res = await call(t.app, "POST", `${url(classId)}/preview`, {
    cookie: admin.cookie,
    body: { format: "text", text },
  });
  const first = (res.json() as ResultPreview).lines[0];
  return [first?.match, first?.horseId, first?.candidates.map((c) => c.id).sort()];
};

/** Refused naming the line, and nothing of the class written. */
async function expectRefused(classId: string, lines: PublishLine[], lineNo: number, printed: string) {
  const res = await publish(classId, lines);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.message).toBe(p.notConfirmed(lineNo, printed));
  expect(await resultsOf(classId)).toEqual([]);
}

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const owner = t.user({ name: "Olive Owner" });

beforeAll(async () => {
  show = await buildShow(t.app, {
    startDate: "2025-08-20",
    classes: ["c-1", "c-2", "c-3", "c-4", "c-5", "c-6", "c-7"].map((id) => ({ id, name: "Lite Shod" })),
  });
});

describe("publishing a printed name without confirmation", () => {
  it("is refused for one of two horses of one name, naming the line; confirmed, it publishes", async () => {
    const first = await buildHorse(t.app, { name: "Midnight Sun" });
    const second = await buildHorse(t.app, { name: "The Midnight Sun" });
    for (const chosen of [first, second]) {
      await expectRefused(
        "c-1",
        [line(1, "Nobody Known", null), line(2, "MIDNIGHT SUN", chosen.id)],
        2,
        "MIDNIGHT SUN",
      );
    }
    expect(await previewMatch("c-1", "1 Midnight Sun")).toEqual([
      "close",
      null,
      [first.id, second.id].sort(),
    ]);
    const confirmed = await publish("c-1", [
      line(1, "Nobody Known", null),
      line(2, "MIDNIGHT SUN", second.id, true),
    ]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await resultsOf("c-1")).toEqual(
      expect.arrayContaining([{ horse_id: null }, { horse_id: second.id }]),
    );
    // Its own name: nothing to remember, so the next sheet still offers both.
    expect(await aliasesOf(second.id)).toEqual([]);
    expect(await previewMatch("c-2", "1 Midnight Sun")).toEqual([
      "close",
      null,
      [first.id, second.id].sort(),
    ]);

    // A correction is held to the same rule.
    const version = confirmed.json().version as number;
    const corrected = await call(t.app, "PUT", url("c-1"), {
      cookie: admin.cookie,
      body: { version, lines: [line(1, "Midnight Sun", first.id)] },
    });
    expect(corrected.statusCode).toBe(400);
    expect(corrected.json().error.message).toBe(p.notConfirmed(1, "Midnight Sun"));
    expect(await resultsOf("c-1")).toEqual(
      expect.arrayContaining([{ horse_id: null }, { horse_id: second.id }]),
    );
  });

  it("is refused for a name that is one horse's name and another's remembered name", async () => {
    const belle = await buildHorse(t.app, { name: "Bayou Belle" });
    const blue = await buildHorse(t.app, { name: "Blue Bayou" });
    // While the name is one horse's only, it is exact for that horse and needs no one.
    expect((await publish("c-3", [line(1, "bayou belle", belle.id)])).statusCode).toBe(200);
    // A steward vouches that "Bayou Belle" on another sheet was Blue Bayou: remembered for it.
    expect((await publish("c-4", [line(1, "Bayou Belle", blue.id, true)])).statusCode).toBe(200);
    expect(await aliasesOf(blue.id)).toEqual([{ printed: "Bayou Belle" }]);

    expect(await previewMatch("c-5", "1 Bayou Belle")).toEqual(["close", null, [belle.id, blue.id].sort()]);
    await expectRefused("c-5", [line(1, "Bayou Belle", belle.id)], 1, "Bayou Belle");
    await expectRefused("c-5", [line(1, "Bayou Belle", blue.id)], 1, "Bayou Belle");
    expect((await publish("c-5", [line(1, "Bayou Belle", belle.id, true)])).statusCode).toBe(200);
  });

  it("matches a renamed horse's new name exactly, and its old name no longer", async () => {
    const details = (name: string) => ({
      name,
      dateOfBirth: "2017-05-01",
      gender: "Mare",
      canters: false,
      divisions: [],
    });
    const created = await call(t.app, "POST", "/api/horses", {
      cookie: owner.cookie,
      body: details("Copper Penny"),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().id;
    const renamed = await call(t.app, "PUT", `/api/horses/${id}`, {
      cookie: owner.cookie,
      body: details("Copper Kettle"),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    await expectRefused("c-6", [line(1, "Copper Penny", id)], 1, "Copper Penny");
    expect(await previewMatch("c-6", "1 copper kettle")).toEqual(["exact", id, [id]]);
    const published = await publish("c-6", [line(1, "copper kettle", id)]);
    expect(published.statusCode, published.body).toBe(200);
    expect(await resultsOf("c-6")).toEqual([{ horse_id: id }]);
  });

  it("is refused for a name that is exactly another horse's", async () => {
    const star = await buildHorse(t.app, { name: "Evening Star" });
    const comet = await buildHorse(t.app, { name: "Comet Tail" });
    await expectRefused("c-7", [line(1, "Evening Star", comet.id)], 1, "Evening Star");
    expect((await publish("c-7", [line(1, "Evening Star", star.id)])).statusCode).toBe(200);
  });
});
