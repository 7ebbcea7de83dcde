import { describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSED, UNSAFE_METHODS } from "#server/app.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { TEST_ORIGIN } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 8, item 2: the Origin check looked at the raw URL while the router decoded it, so
 * `PUT /%61pi/profile` without an Origin changed a profile. Every state-changing route, read from
 * Fastify itself (so routes added later are covered), must refuse a missing or foreign Origin however
 * its path is spelled.
 */
// Demo mode registers the most routes (the demo session, the outbox).
const t = buildTestApp({ demo: true });
const user = t.user({ name: "Original Name" });

const SOME_ID = "0190aaaa-0000-7000-8000-000000000000";

/** A path the route matches: parameters get an id, a wildcard a segment. */
const concrete = (url: string) => url.replace(/:[^/]+/g, SOME_ID).replace(/\*/g, "x");

const encodeLetters = (path: string) =>
  path.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Spellings a router, a proxy or a browser may map onto the same route. */
function spellings(path: string): string[] {
  const rest = path.slice("/api".length);
  return [
    path,
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    encodeLetters(path),
    `/${path}`,
    `//api/${rest}`,
    `/api/${rest}`,
    `/API${rest}`,
    `/Api${rest.toUpperCase()}`,
    `${path}/`,
    `${path};jsessionid=1`,
    `/api;x=1${rest}`,
    `/api/.${rest}`,
    `/api/x/..${rest}`,
    `/api%2F${rest.slice(1)}`,
    `${path}?a=1`,
    `${path}#frag`,
  ];
}

const BAD_ORIGINS: (string | undefined)[] = [
  undefined,
  "https://evil.example",
  "null",
  `${TEST_ORIGIN}.evil.example`,
  TEST_ORIGIN.toUpperCase(),
  `${TEST_ORIGIN}/`,
];

const stateChangingRoutes = () =>
  t.app.registeredRoutes.flatMap((r) =>
    r.methods.filter((m) => UNSAFE_METHODS.has(m)).map((method) => ({ method, url: r.url })),
  );

describe("the Origin check on every state-changing route", () => {
  it("finds the state-changing routes in Fastify's own route table", () => {
    const found = stateChangingRoutes().map((r) => `${r.method} ${r.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "PUT /api/profile",
        "PUT /api/profile/photo",
        "POST /api/notifications/:id/read",
        "DELETE /api/friends/:id",
        "POST /api/auth/sign-in/email",
        "POST /api/auth/sign-out",
        "POST /api/auth/demo/sign-in",
        "POST /api/dev/outbox/magic-link",
      ]),
    );
    expect(found.length).toBeGreaterThanOrEqual(20);
  });

  it("refuses a missing or foreign Origin on every one, however the path is spelled", async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const { method, url } of stateChangingRoutes()) {
      for (const path of spellings(concrete(url))) {
        for (const origin of BAD_ORIGINS) {
          tried += 1;
          const res = await t.app.inject({
            method: method as "POST",
            url: path,
            headers: {
              cookie: user.cookie,
              "content-type": "application/json",
              ...(origin === undefined ? {} : { origin }),
            },
            payload: "{}",
          });
          const refused = res.statusCode === 403 && res.json().error?.message === CROSS_SITE_REFUSED;
          if (!refused)
            leaks.push(`${method} ${path} origin=${origin} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(2000);
  });

  it("still lets our own pages through on an encoded spelling, so the refusals above are real", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/%61pi/profile",
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({
        name: "Changed On Purpose",
        email: user.email,
        dateOfBirth: "1990-05-01",
        gender: null,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Changed On Purpose");
  });
});

describe("the bypasses the issue reported", () => {
  it("PUT /%61pi/profile without an Origin changes nothing", async () => {
    const victim = await signedInUser(t.app, { name: "Victim Name" });
    const res = await t.app.inject({
      method: "PUT",
      url: "/%61pi/profile",
      headers: { cookie: victim.cookie, "content-type": "application/json" },
      payload: JSON.stringify({
        name: "Pwned",
        email: victim.email,
        dateOfBirth: "1990-05-01",
        gender: null,
      }),
    });
    expect(res.statusCode).toBe(403);
    const row = await t.app.deps.db.db
      .selectFrom("user")
      .select("name")
      .where("id", "=", victim.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Victim Name");
  });

  it.each([
    ["POST", `/%61pi/notifications/${SOME_ID}/read`],
    ["DELETE", `/%61pi/friends/${SOME_ID}`],
  ] as const)("%s %s with a foreign Origin is refused", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
  });
});
