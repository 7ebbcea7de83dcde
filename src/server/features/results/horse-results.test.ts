import { describe, expect, it } from "vitest";
import type { ShowRecord } from "#domain/contracts/records.ts";
import type { PublishLine, ResultPreview } from "#domain/contracts/results.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { line, resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

const { t, admin, steward, owner, stranger, show, midnight, gold, preview, publish, correct, allHorses } =
  resultsWorld();

describe("champion badge", () => {
  it("counts a posted win as it counts a typed record", async () => {
    const badge = async () =>
      (await call(t.app, "GET", `/api/horses/${midnight.id}`, { cookie: owner.cookie })).json().badge;
    expect(await badge()).toBeNull();
    expect((await publish(steward, "c-42", [line(1, 1, "Midnight Sun", midnight.id)])).statusCode).toBe(200);
    expect(await badge()).toBe("World Grand Champion");
  });
});

describe("names a horse was printed under", () => {
  const aliasesUrl = (horseId: string) => `/api/horses/${horseId}/aliases`;
  const aliases = (user: SignedInUser, horseId: string) =>
    call(t.app, "GET", aliasesUrl(horseId), { cookie: user.cookie });
  const forget = (user: SignedInUser, horseId: string, aliasId: string) =>
    call(t.app, "DELETE", `${aliasesUrl(horseId)}/${aliasId}`, { cookie: user.cookie });
  const matchOf = async (text: string) => {
    const res = await preview(steward, "c-50", text);
    expect(res.statusCode).toBe(200);
    const first = (res.json() as ResultPreview).lines[0];
    return [first?.match, first?.horseId, first?.candidates.map((c) => c.id)];
  };

  it("remembers a confirmed close match, matches it exactly next time, and forgets it for an owner", async () => {
    const silver = await buildHorse(t.app, { name: "Silver Streak", owners: [owner.id] });
    expect(await matchOf("1 Silver Streek")).toEqual(["close", null, [silver.id]]);
    const confirmed = { ...line(1, 1, "Silver Streek", silver.id), confirmed: true };
    expect((await publish(steward, "c-50", [confirmed])).statusCode).toBe(200);
    expect(await matchOf("1 silver streek.")).toEqual(["exact", silver.id, [silver.id]]);
    // An exact match through the remembered name needs no confirmation on the next publication.
    expect((await publish(steward, "c-51", [line(1, 1, "SILVER STREEK", silver.id)])).statusCode).toBe(200);

    const known = await aliases(owner, silver.id);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      aliases: [{ id: expect.any(String), printed: "Silver Streek", confirmedAt: expect.any(String) }],
      canForget: true,
    });
    const stored = await t.app.deps.db.db
      .selectFrom("horse_alias")
      .select(["name_key", "confirmed_by"])
      .where("horse_id", "=", silver.id)
      .execute();
    expect(stored).toEqual([{ name_key: "silver streek", confirmed_by: steward.id }]);
    expect((await aliases(stranger, silver.id)).json().canForget).toBe(false);
    expect((await aliases(admin, silver.id)).json().canForget).toBe(true);
    expect((await aliases(owner, "no-such-horse")).statusCode).toBe(404);

    const aliasId: string = known.json().aliases[0].id;
    // Someone else's horse: refused; a name of another horse, or none: not found; nothing is forgotten.
    for (const [user, horseId, id, status] of [
      [stranger, silver.id, aliasId, 403],
      [steward, silver.id, aliasId, 403],
      [owner, midnight.id, aliasId, 404],
      [owner, silver.id, "no-such-name", 404],
      [owner, "no-such-horse", aliasId, 404],
    ] as const) {
      expect((await forget(user, horseId, id)).statusCode, `${user.name} ${horseId} ${id}`).toBe(status);
    }
    for (const path of [
      `${aliasesUrl(silver.id)}/${aliasId}`,
      `${aliasesUrl(silver.id).replace("aliases", "%61liases")}/${aliasId}`,
    ]) {
      const foreign = await t.app.inject({
        method: "DELETE",
        url: path,
        headers: { cookie: owner.cookie, origin: "https://evil.example" },
      });
      expect(foreign.statusCode).toBe(403);
    }
    const noOrigin = await t.app.inject({
      method: "DELETE",
      url: `${aliasesUrl(silver.id)}/${aliasId}`,
      headers: { cookie: owner.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    const huge = await call(t.app, "DELETE", `${aliasesUrl(silver.id)}/${aliasId}`, {
      cookie: owner.cookie,
      body: { junk: "x".repeat(3_000_000) },
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(await matchOf("1 Silver Streek")).toEqual(["exact", silver.id, [silver.id]]);

    expect((await forget(owner, silver.id, aliasId)).statusCode).toBe(204);
    expect((await aliases(owner, silver.id)).json().aliases).toEqual([]);
    expect(await matchOf("1 Silver Streek")).toEqual(["close", null, [silver.id]]);
    expect((await forget(owner, silver.id, aliasId)).statusCode).toBe(404);
  });

  it("only offers a name confirmed for two horses, as with two horses of one name", async () => {
    const silver = (await allHorses()).find((h) => h.name === "Silver Streak");
    expect(silver).toBeDefined();
    const version = async (classId: string) =>
      (await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: steward.cookie }))
        .json()
        .classes.find((c: { classId: string }) => c.classId === classId).version as number;
    const as = (horseId: string) => [{ ...line(1, 1, "Silver Streek", horseId), confirmed: true }];
    expect((await correct(steward, "c-50", await version("c-50"), as(silver?.id ?? ""))).statusCode).toBe(
      200,
    );
    expect((await correct(admin, "c-51", await version("c-51"), as(gold.id))).statusCode).toBe(200);
    const [match, horseId, candidates] = await matchOf("1 Silver Streek");
    expect([match, horseId]).toEqual(["close", null]);
    expect(candidates).toEqual([silver?.id, gold.id].sort());
    // A printed name of punctuation only is attached when confirmed, but leaves no name to remember.
    const before = await t.app.deps.db.db.selectFrom("horse_alias").select("name_key").execute();
    expect(before.map((a) => a.name_key)).toEqual(["silver streek", "silver streek"]);
    const dots = [{ ...line(1, 1, "...", gold.id), confirmed: true }];
    expect((await correct(admin, "c-51", await version("c-51"), dots)).statusCode).toBe(200);
    expect(await t.app.deps.db.db.selectFrom("horse_alias").select("name_key").execute()).toEqual(before);
  });
});

describe("a hidden result across corrections", () => {
  it("stays hidden while its horse keeps it, and is a new record once it moves to another horse or back", async () => {
    const className = "Country Pleasure Walking Horse Youth";
    const star = await buildHorse(t.app, { name: "Star Of The Night", owners: [owner.id] });
    const comet = await buildHorse(t.app, { name: "Comet Tail", owners: [stranger.id] });
    const bolt = await buildHorse(t.app, { name: "Bolt Upright", owners: [stranger.id] });
    /** The viewer's Show Records rows of this class: horse and placing. */
    const records = async (user: SignedInUser) =>
      ((await call(t.app, "GET", "/api/records", { cookie: user.cookie })).json().records as ShowRecord[])
        .filter((r) => r.className === className)
        .map((r) => [r.horse.name, r.placing]);
    const hidden = async () =>
      (await t.app.deps.db.db.selectFrom("result_hidden").select("user_id").execute()).map((r) => r.user_id);
    let version = 1;
    const fix = async (lines: PublishLine[]) => {
      const res = await correct(steward, "c-52", version, lines);
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    };

    const published = await publish(steward, "c-52", [
      line(1, 1, star.name, star.id),
      line(2, 2, bolt.name, bolt.id),
    ]);
    expect(published.statusCode).toBe(200);
    const starResult = published.json().placings.find((x: { horseId: string }) => x.horseId === star.id);
    expect(await records(owner)).toEqual([["Star Of The Night", "1"]]);
    const hide = await call(t.app, "PUT", `/api/records/results/${starResult.id}/hidden`, {
      cookie: owner.cookie,
    });
    expect(hide.statusCode).toBe(204);
    expect(await records(owner)).toEqual([]);
    const hiddenBefore = await hidden();

    // (a) The same horse, another placing: the same result, still hidden.
    await fix([line(1, 1, bolt.name, bolt.id), line(2, 2, star.name, star.id)]);
    expect(await records(owner)).toEqual([]);
    expect(await hidden()).toEqual(hiddenBefore);

    // (b) The line was another owner's horse: the hide goes with the old record; the new owner sees theirs.
    await fix([line(1, 1, bolt.name, bolt.id), line(2, 2, comet.name, comet.id)]);
    expect(await records(owner)).toEqual([]);
    expect(await records(stranger)).toEqual(
      expect.arrayContaining([
        ["Bolt Upright", "1"],
        ["Comet Tail", "2"],
      ]),
    );
    expect((await hidden()).filter((id) => id === owner.id)).toHaveLength(
      hiddenBefore.filter((id) => id === owner.id).length - 1,
    );

    // (c) Back to the first horse: a new record for its owner (who was told "placed 2nd" again), shown.
    await fix([line(1, 1, bolt.name, bolt.id), line(2, 2, star.name, star.id)]);
    expect(await records(owner)).toEqual([["Star Of The Night", "2"]]);
    expect(await records(stranger)).toEqual([["Bolt Upright", "1"]]);
  });
});
