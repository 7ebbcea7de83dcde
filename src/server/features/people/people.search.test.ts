import { describe, expect, it } from "vitest";
import { PEOPLE_SEARCH_LIMIT, PEOPLE_SEARCHES_PER_MINUTE } from "#domain/people/people-search.ts";
import { peopleSearchTexts } from "#domain/texts/people-search.ts";
import { befriend, buildHorse } from "#tests/support/entries-factories.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 34, item 7: people are found only by those who know them, or by a search (three letters of a name,
 * or an exact email) among accounts that let themselves be found. Tried as an attacker would: no session,
 * short and wildcard queries, partial emails, someone who blocked the searcher, and a flood of namesakes.
 */
const t = buildTestApp();

type Found = { id: string; name: string; town: string | null; barn: string | null; known: boolean };

const search = async (cookie: string, q: string) => {
  const res = await call(t.app, "GET", `/api/people/search?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.statusCode).toBe(200);
  return res.json().people as Found[];
};
const names = (people: Found[]) => people.map((p) => p.name);
const setFindable = (cookie: string, findable: boolean, town: string | null = null) =>
  call(t.app, "PUT", "/api/profile/findability", { cookie, body: { findable, town } });

describe("the rider search", () => {
  it("answers nobody without a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/people/search?q=sam"],
      ["GET", "/api/profile/findability"],
      ["PUT", "/api/profile/findability"],
    ] as const) {
      const res = await call(
        t.app,
        method,
        url,
        method === "PUT" ? { body: { findable: true, town: null } } : {},
      );
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("finds strangers only when they chose to be found; friends and barn always, first", async () => {
    const me = await signedInUser(t.app, { name: "Rhea Searcher" });
    const friend = await buildUser(t.app, { name: "Sam Pickett Friend" });
    const barnTrainer = await buildUser(t.app, { name: "Sam Pickett Trainer", roles: ["Owner", "Trainer"] });
    const hidden = await signedInUser(t.app, { name: "Sam Pickett Hidden" });
    const open = await signedInUser(t.app, { name: "Sam Pickett Open" });
    const twin = await signedInUser(t.app, { name: "Sam Pickett Open" });
    await befriend(t.app, me.id, friend.id);
    await buildHorse(t.app, { owners: [me.id], trainers: [barnTrainer.id] });
    await buildHorse(t.app, { owners: [twin.id], trainers: [barnTrainer.id] });
    expect((await setFindable(open.cookie, true, "Shelbyville")).statusCode).toBe(200);
    expect((await setFindable(twin.cookie, true, "Wartrace")).statusCode).toBe(200);

    const found = await search(me.cookie, "sam pickett");
    expect(found.map((p) => [p.name, p.known])).toEqual([
      ["Sam Pickett Friend", true],
      ["Sam Pickett Trainer", true],
      ["Sam Pickett Open", false],
      ["Sam Pickett Open", false],
    ]);
    expect(names(found)).not.toContain(hidden.name);
    // Namesakes are told apart by town and barn.
    const twins = found.filter((p) => p.name === "Sam Pickett Open");
    expect(twins.map((p) => [p.town, p.barn]).sort()).toEqual([
      ["Shelbyville", null],
      ["Wartrace", "Sam Pickett Trainer"],
    ]);
    // Once hidden again, gone.
    await setFindable(open.cookie, false);
    expect(
      names(await search(me.cookie, "sam pickett")).filter((n) => n === "Sam Pickett Open"),
    ).toHaveLength(1);
  });

  it("needs three letters or a whole email: short, wildcard and partial-email queries list nobody", async () => {
    const me = await signedInUser(t.app);
    const open = await signedInUser(t.app, { name: "Ab Openly", email: "ab.openly@example.test" });
    await setFindable(open.cookie, true);
    for (const q of [
      "",
      "Ab",
      "a b",
      "%",
      "%%%",
      "___",
      "ab.openly@",
      "ab.openly@example",
      "@example.test",
      "%@%.%",
    ])
      expect(await search(me.cookie, q), q).toEqual([]);
    expect(names(await search(me.cookie, "AB.OPENLY@example.test"))).toEqual(["Ab Openly"]);
  });

  it("an exact email finds only a findable account or someone known, never a hidden stranger", async () => {
    const me = await signedInUser(t.app);
    const hidden = await buildUser(t.app, { name: "Hidden Email", email: "hidden.email@example.test" });
    expect(await search(me.cookie, hidden.email)).toEqual([]);
    expect(await search(me.cookie, "hidden.email@example.tes")).toEqual([]);
    await befriend(t.app, me.id, hidden.id);
    expect(names(await search(me.cookie, hidden.email))).toEqual(["Hidden Email"]);
  });

  it("never lists more than the limit, however many match", async () => {
    const me = await signedInUser(t.app);
    for (let i = 0; i < PEOPLE_SEARCH_LIMIT + 5; i += 1) {
      const many = await signedInUser(t.app, { name: `Namesake Crowd ${i}` });
      await setFindable(many.cookie, true);
    }
    expect(await search(me.cookie, "namesake crowd")).toHaveLength(PEOPLE_SEARCH_LIMIT);
  });

  it("someone who blocked the searcher is never found; admins are no riders; nor is oneself", async () => {
    const me = await signedInUser(t.app, { name: "Blocked Seeker" });
    const blocker = await signedInUser(t.app, { name: "Blocker Findable" });
    await setFindable(blocker.cookie, true);
    expect(names(await search(me.cookie, "blocker findable"))).toEqual(["Blocker Findable"]);
    await call(t.app, "POST", "/api/blocks", { cookie: blocker.cookie, body: { userId: me.id } });
    expect(await search(me.cookie, "blocker findable")).toEqual([]);
    const admin = await signedInUser(t.app, { name: "Admin Findable", roles: ["Admin"] });
    await setFindable(admin.cookie, true);
    expect(await search(me.cookie, "admin findable")).toEqual([]);
    await setFindable(me.cookie, true);
    expect(await search(me.cookie, "blocked seeker")).toEqual([]);
  });
});

describe("a search flood", () => {
  it("stops one person after sixty searches a minute, in words, and leaves everyone else searching", async () => {
    const prober = await signedInUser(t.app);
    const bystander = await signedInUser(t.app);
    for (let i = 0; i < PEOPLE_SEARCHES_PER_MINUTE; i++) {
      await search(prober.cookie, `guess${i}@example.test`);
    }
    const refused = await call(t.app, "GET", "/api/people/search?q=guess-more%40example.test", {
      cookie: prober.cookie,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: peopleSearchTexts.tooManySearches,
    });
    // search() itself expects a 200.
    await search(bystander.cookie, "sam pickett");
  });
});

describe("who can find me (My Profile)", () => {
  it("is off until I turn it on, and is mine alone to change", async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const mine = await call(t.app, "GET", "/api/profile/findability", { cookie: me.cookie });
    expect(mine.json()).toEqual({ findable: false, town: null });
    await setFindable(other.cookie, true, "  Lewisburg ");
    expect((await call(t.app, "GET", "/api/profile/findability", { cookie: me.cookie })).json()).toEqual({
      findable: false,
      town: null,
    });
    expect((await call(t.app, "GET", "/api/profile/findability", { cookie: other.cookie })).json()).toEqual({
      findable: true,
      town: "Lewisburg",
    });
  });

  it.each([
    ["an unknown field", { findable: true, town: null, userId: "someone-else" }],
    ["a town too long", { findable: true, town: "x".repeat(61) }],
    ["no findable", { town: null }],
    ["a string for findable", { findable: "yes", town: null }],
  ])("refuses %s", async (_label, body) => {
    const me = await signedInUser(t.app);
    const res = await call(t.app, "PUT", "/api/profile/findability", { cookie: me.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
  });
});
