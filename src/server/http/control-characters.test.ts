import { beforeAll, describe, expect, it } from "vitest";
import { securityTexts } from "#domain/texts/security.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 19, item 7: a NUL byte in an id, a query or a name reached PostgreSQL, which refuses it in
 * text ("invalid byte sequence"), and 13 routes answered 500 (the public `GET /api/invites/%00`
 * among them). No field takes control characters, so they are refused at the edge, on every route
 * and both engines, before any handler or database sees them.
 */
let cookie: string;
let email: string;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface DocRoute {
  method: Method;
  path: string;
  query: string[];
}
let routes: DocRoute[] = [];

const t = buildTestApp({ demo: true });

beforeAll(async () => {
  ({ cookie, email } = await signedInUser(t.app, { roles: ["Owner", "Trainer", "Admin"] }));
  const doc = (await call(t.app, "GET", "/api/docs/json")).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  // The API's routes: the public watch page (/watch/{token}, ADR 044) answers any malformed token, control
  // characters included, with its plain 404 page, as it does a guessed one (watch.test.ts).
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/"))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => ({
        method: m.toUpperCase() as Method,
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      })),
    );
});

const SKIP = new Set(["/api/events", "/api/auth/sign-out"]);
const CONTROLS = ["%00", "%01", "%0A", "%1F", "%7F"];

async function expectRefused(method: Method, url: string, body?: unknown): Promise<string | null> {
  const res = await call(t.app, method, url, { cookie, body });
  const tag = `${method} ${url} ${body === undefined ? "" : JSON.stringify(body).slice(0, 60)} → ${res.statusCode}`;
  if (res.statusCode !== 400) return `${tag}: ${res.body.slice(0, 160)}`;
  const error = (res.json() as { error?: { code?: string; message?: string } }).error;
  if (error?.message !== securityTexts.controlCharacter) return `${tag}: ${res.body.slice(0, 160)}`;
  return null;
}

describe("control characters at the edge", () => {
  it("finds routes with ids and queries in the OpenAPI document", () => {
    expect(routes.filter((r) => r.path.includes("{")).length).toBeGreaterThan(20);
    expect(routes.filter((r) => r.query.length > 0).length).toBeGreaterThan(5);
  });

  it("refuses one in any id of any route with 400", async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (SKIP.has(path) || !path.includes("{")) continue;
      for (const control of CONTROLS) {
        const url = path.replace(/\{[^}]+\}/g, `id${control}x`);
        const body = method === "GET" || method === "DELETE" ? undefined : {};
        const failure = await expectRefused(method, url, body);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses one in any query parameter of any route with 400", async () => {
    const failures: string[] = [];
    for (const { method, path, query } of routes) {
      if (SKIP.has(path)) continue;
      const base = path.replace(/\{[^}]+\}/g, "01a1fd76-0000-7000-8000-000000000000");
      for (const name of query) {
        const failure = await expectRefused(method, `${base}?${name}=a%00b`);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses one in a name or any other string of a JSON body, at any depth, and in a key", async () => {
    const bodies: [Method, string, unknown][] = [
      ["PUT", "/api/profile", { name: "Ann\u0000ie" }],
      [
        "POST",
        "/api/auth/sign-up/email",
        { name: "Eve\u0000", email: "eve@example.test", password: "password123" },
      ],
      ["POST", "/api/auth/sign-in/email", { email: "a\u0000@example.test", password: "password123" }],
      ["POST", "/api/horses", { name: "Pride", extra: [{ deep: "x\u001by" }] }],
      ["POST", "/api/friends", { "user\u0000Id": "x" }],
      ["POST", "/api/records", { showName: "Line\u007fbreak" }],
    ];
    const failures: string[] = [];
    for (const [method, url, body] of bodies) {
      const failure = await expectRefused(method, url, body);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });

  it("keeps tabs and line breaks in bodies, and plain text everywhere", async () => {
    const body = { name: "Ann Lee\r\n\t", email: email, dateOfBirth: "1990-05-01", gender: null };
    const saved = await call(t.app, "PUT", "/api/profile", { cookie, body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().name).toBe("Ann Lee");
    const search = await call(t.app, "GET", "/api/friends/search?q=Ann%20L%C3%A9e%20%F0%9F%90%B4", {
      cookie,
    });
    expect(search.statusCode).toBe(200);
  });
});
