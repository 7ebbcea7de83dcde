import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { pickEncoding } from "#server/http/versioned-json.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createSharedTestApps, OTHER_SERVER_NOTICE_MS } from "#tests/support/server.ts";
import { buildShow, dayFromToday } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

let cookie: string;
const t = buildTestApp();

beforeAll(async () => {
  cookie = (await signedInUser(t.app)).cookie;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  call(t.app, "GET", url, { cookie, headers });

/** Fetches `url` and checks that its ETag revalidates to an empty 304. */
async function currentTag(url: string, cacheControl = "private, no-cache"): Promise<string> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe(cacheControl);
  const etag = String(res.headers.etag);
  expect(etag).toMatch(/^".+"$/);
  const again = await get(url, { "if-none-match": etag });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe("");
  expect(again.headers.etag).toBe(etag);
  return etag;
}

/**
 * Changes made straight in the database, as an admin screen or an import would make them; on PostgreSQL such a
 * writer's next read waits for its change's notice (`db.versions.caughtUp()`, ADR 057), as the API's writes do.
 */
const edits = (app: FastifyInstance) => app.deps.db.db;

describe("show detail ETags", () => {
  it("revalidates with 304 until the show, its judges or its classes change", async () => {
    const show = await buildShow(t.app, { judges: ["Larry Wheelon"], classes: ["Model Mares", "Yearlings"] });
    const url = `/api/shows/${show.id}`;
    const seen = new Set<string>([await currentTag(url)]);
    expect(await currentTag(url)).toBe([...seen][0]);

    const changes: [
      string,
      () => Promise<unknown>,
      (body: { name: string; judges: string[]; classes: { name: string }[] }) => void,
    ][] = [
      [
        "a class renamed",
        () =>
          edits(t.app)
            .updateTable("show_class")
            .set({ name: "Model Stallions" })
            .where("show_id", "=", show.id)
            .where("id", "=", "class-1")
            .execute(),
        (b) => expect(b.classes[0]!.name).toBe("Model Stallions"),
      ],
      [
        "a judge added",
        () =>
          edits(t.app)
            .insertInto("show_judge")
            .values({ show_id: show.id, position: 1, name: "Sandra Medley" })
            .execute(),
        (b) => expect(b.judges).toEqual(["Larry Wheelon", "Sandra Medley"]),
      ],
      [
        "the show renamed",
        () =>
          edits(t.app).updateTable("show").set({ name: "Renamed Show" }).where("id", "=", show.id).execute(),
        (b) => expect(b.name).toBe("Renamed Show"),
      ],
      [
        "a class removed",
        () =>
          edits(t.app)
            .deleteFrom("show_class")
            .where("show_id", "=", show.id)
            .where("id", "=", "class-2")
            .execute(),
        (b) => expect(b.classes).toHaveLength(1),
      ],
    ];
    for (const [what, change, check] of changes) {
      const before = [...seen].at(-1)!;
      await change();
      await t.app.deps.db.versions.caughtUp();
      const stale = await get(url, { "if-none-match": before });
      expect(stale.statusCode, what).toBe(200);
      check(stale.json());
      const next = await currentTag(url);
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    }
  });

  it("keeps other shows' tags when one show changes", async () => {
    const a = await buildShow(t.app, { classes: ["Amateur Park"] });
    const b = await buildShow(t.app, { classes: ["Youth Trail"] });
    const tagB = await currentTag(`/api/shows/${b.id}`);
    await edits(t.app)
      .updateTable("show")
      .set({ location: "Lewisburg, TN" })
      .where("id", "=", a.id)
      .execute();
    expect((await get(`/api/shows/${b.id}`, { "if-none-match": tagB })).statusCode).toBe(304);
  });

  it("answers 404 once the show is deleted, and 401 without a session, tag or not", async () => {
    const show = await buildShow(t.app);
    const url = `/api/shows/${show.id}`;
    const etag = await currentTag(url);
    expect((await call(t.app, "GET", url, { headers: { "if-none-match": etag } })).statusCode).toBe(401);
    await edits(t.app).deleteFrom("show").where("id", "=", show.id).execute();
    await t.app.deps.db.versions.caughtUp();
    expect((await get(url, { "if-none-match": etag })).statusCode).toBe(404);
  });
});

describe("past show class list ETags", () => {
  it("revalidates with 304 until the classes change", async () => {
    const show = await buildShow(t.app, { startOffset: -30, classes: ["Model Mares"] });
    const url = `/api/records/past-shows/${show.id}/classes`;
    const etag = await currentTag(url);
    await edits(t.app)
      .insertInto("show_class")
      .values({
        show_id: show.id,
        id: "class-9",
        position: 9,
        number: "9",
        name: "Yearlings",
        date: null,
        division_id: null,
      })
      .execute();
    await t.app.deps.db.versions.caughtUp();
    const res = await get(url, { "if-none-match": etag });
    expect(res.statusCode).toBe(200);
    expect(res.json().classes.map((c: { name: string }) => c.name)).toEqual(["Model Mares", "Yearlings"]);
  });

  it("still refuses an upcoming show", async () => {
    const show = await buildShow(t.app, { startOffset: 5 });
    expect((await get(`/api/records/past-shows/${show.id}/classes`)).statusCode).toBe(404);
  });
});

describe("planner page ETags", () => {
  type Page = { shows: { id: string; name: string; judges: string[] }[] };
  /** Every test show starts within a few days, so it is on the unfiltered first page of 100. */
  const url = "/api/shows?limit=100";
  /** Kept by the browser for no one: every /api GET but show detail and class lists is no-store (issue 8). */
  const PLANNER_CACHING = "private, no-store";
  const shown = async (id: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return (res.json() as Page).shows.find((s) => s.id === id);
  };

  it("revalidates the unfiltered page with 304 until any show is added, changed or removed", async () => {
    const admin = await signedInUser(t.app, { roles: ["Owner", "Admin"] });
    const show = await buildShow(t.app, { startOffset: 1, judges: ["Larry Wheelon"] });
    const seen = new Set<string>([await currentTag(url, PLANNER_CACHING)]);
    expect(await currentTag(url, PLANNER_CACHING)).toBe([...seen][0]);

    let created = "";
    const changes: [string, () => Promise<unknown>, () => Promise<void>][] = [
      [
        "a show created by an admin",
        async () => {
          const res = await call(t.app, "POST", "/api/shows", {
            cookie: admin.cookie,
            body: {
              name: "Brand New Show",
              startDate: dayFromToday(2),
              endDate: dayFromToday(2),
              location: "Belfast, TN",
              sanctioningOrg: "WHOA",
              judges: [],
              classes: [{ id: "class-1", name: "Amateur Country Pleasure" }],
            },
          });
          expect(res.statusCode).toBe(201);
          created = res.json().id;
        },
        async () => expect((await shown(created))?.name).toBe("Brand New Show"),
      ],
      [
        "a show renamed by an admin",
        () =>
          call(t.app, "PATCH", `/api/shows/${show.id}`, { cookie: admin.cookie, body: { name: "Renamed" } }),
        async () => expect((await shown(show.id))?.name).toBe("Renamed"),
      ],
      [
        "a judge added in the database",
        () =>
          edits(t.app)
            .insertInto("show_judge")
            .values({ show_id: show.id, position: 1, name: "Sandra Medley" })
            .execute(),
        async () => expect((await shown(show.id))?.judges).toEqual(["Larry Wheelon", "Sandra Medley"]),
      ],
      [
        "a show deleted",
        () => edits(t.app).deleteFrom("show").where("id", "=", created).execute(),
        async () => expect(await shown(created)).toBeUndefined(),
      ],
    ];
    for (const [what, change, check] of changes) {
      const before = [...seen].at(-1)!;
      await change();
      // Those written to the tables directly wait for their notices, as the API's writes do (ADR 057).
      await t.app.deps.db.versions.caughtUp();
      expect((await get(url, { "if-none-match": before })).statusCode, what).toBe(200);
      await check();
      const next = await currentTag(url, PLANNER_CACHING);
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    }
  });

  it("does not cache a filtered page", async () => {
    const res = await get(`/api/shows?name=${encodeURIComponent("renamed")}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  it("shows a change made through one server on the other's next request", async () => {
    const { apps, close } = await createSharedTestApps();
    try {
      const [a, b] = apps;
      const viewer = await signedInUser(a);
      const admin = await signedInUser(a, { roles: ["Owner", "Admin"] });
      const show = await buildShow(a, { startOffset: 1, name: "Two Servers" });
      const names = async () =>
        ((await call(a, "GET", url, { cookie: viewer.cookie })).json() as Page).shows.map((s) => s.name);
      expect(await names()).toContain("Two Servers");
      expect(await names()).toContain("Two Servers");
      const res = await call(b, "PATCH", `/api/shows/${show.id}`, {
        cookie: admin.cookie,
        body: { name: "Renamed On B" },
      });
      expect(res.statusCode).toBe(200);
      // On the other server once its notice is delivered (ADR 057): well before the 5 s bound on a kept answer.
      await expect.poll(names, { timeout: OTHER_SERVER_NOTICE_MS }).toContain("Renamed On B");
    } finally {
      await close();
    }
  });
});

describe("choosing an encoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["deflate", null],
    ["", null],
    [undefined, null],
  ])("Accept-Encoding %s gives %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
