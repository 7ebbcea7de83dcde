import { beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Every documented route, called with garbage by a signed-in user and by nobody: each answer must be a
 * client error in the one error shape (or a success for harmless reads), never a 5xx and never a stack.
 */
let cookie: string;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
let routes: { method: Method; path: string }[] = [];

const t = buildTestApp({ demo: true });

beforeAll(async () => {
  cookie = (await signedInUser(t.app)).cookie;
  const doc = (await call(t.app, "GET", "/api/docs/json")).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path })),
  );
});

/** Ids that are malformed, and ids that are well-formed but belong to nothing. */
const idVariants = ["no-such-id-%27%22%3C", "01a1fd76-0000-7000-8000-000000000000", "cel-99999"];

const garbageBodies: unknown[] = [{ unexpected: true }, [], "text", { name: "x".repeat(5000) }, null];

describe("bad input on every documented route", () => {
  it("finds the routes in the OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it("never answers a garbage request with a server error or a stack trace", async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (path === "/api/events") continue; // a never-ending stream, tested on its own
      if (path === "/api/auth/sign-out") continue; // would end the session the rest of the loop uses
      const bases = idVariants.map((id) => path.replace(/\{[^}]+\}/g, id));
      const urls = [...new Set(bases)].flatMap((b) => [b, `${b}?unknownParam=%00&limit=-1&cursor=%ZZ`]);
      const bodies = method === "GET" || method === "DELETE" ? [undefined] : garbageBodies;
      for (const url of urls)
        for (const body of bodies) {
          for (const who of [cookie, undefined]) {
            const res = await call(t.app, method, url, { cookie: who, body });
            const tag = `${method} ${url} ${JSON.stringify(body)?.slice(0, 30)} ${who ? "signed in" : "anonymous"} → ${res.statusCode}`;
            if (res.statusCode >= 500) failures.push(`${tag}: ${res.body.slice(0, 200)}`);
            else if (/\bat .+\.(ts|js):\d+/.test(res.body)) failures.push(`${tag}: stack trace in body`);
            else if (res.statusCode >= 400 && res.headers["content-type"]?.toString().includes("json")) {
              const error = (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
              if (typeof error?.code !== "string" || typeof error.message !== "string" || !error.message) {
                failures.push(`${tag}: not the error shape: ${res.body.slice(0, 120)}`);
              }
            }
          }
        }
    }
    expect(failures).toEqual([]);
  });
});
