import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityTexts } from "#domain/texts/security.ts";
import { jsonNestingExceeds, MAX_JSON_DEPTH } from "#server/http/json-body.ts";
import { buildEntryShow } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";

/**
 * Issue 31, item 2: about 5,000 nested `[` in a 10 KB body overflowed the stack in the control-character
 * walk, so every JSON route answered 500, signed in or not, and wrote an error line with a stack trace
 * per request. Bodies nested deeper than MAX_JSON_DEPTH are now refused by the JSON parser with 400, in
 * the one error shape, before anything walks them; and no bad body makes a 5xx or a long log line.
 */
let t: TestApp;
let cookie: string;
let entriesUrl: string;
let log = "";
const logLines = () => log.split("\n").filter(Boolean);

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  t = await createTestApp({ logLevel: "info" }, { logStream: stream });
  ({ cookie } = await signedInUser(t.app));
  const show = await buildEntryShow(t.app);
  entriesUrl = `/api/shows/${show.id}/classes/${show.classes[0]!.id}/entries`;
});
afterAll(() => t.close());

type Method = "POST" | "PUT";

async function send(
  method: Method,
  url: string,
  raw: string,
  options: { cookie?: string; type?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      "content-type": options.type ?? "application/json",
      "idempotency-key": `nested-${Math.random().toString(36).slice(2, 12)}`,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: raw,
  });
}

const nested = (depth: number, kind: "array" | "object", inner = "1") =>
  kind === "array"
    ? `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${inner}${"}".repeat(depth)}`;

/** Real routes of several kinds: a profile edit, a record, an idempotent entry save, better-auth's sign-in. */
const routes = (): [Method, string][] => [
  ["PUT", "/api/profile"],
  ["POST", "/api/records"],
  ["PUT", entriesUrl],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/friends"],
];

/** Log problems: an error line, a stack trace, or a line over 1 KB. */
function logProblems(): string[] {
  return logLines().flatMap((line) => {
    const problems: string[] = [];
    if (line.length > 1024) problems.push(`a ${line.length}-byte line`);
    if (/"level":(50|60)/.test(line)) problems.push(`an error line: ${line.slice(0, 200)}`);
    if (/stack|RangeError/.test(line)) problems.push(`a stack: ${line.slice(0, 200)}`);
    return problems;
  });
}

describe("JSON nested past the limit", () => {
  it.each([5_000, 100_000])(
    "%i levels of arrays and of objects: 400 in the error shape on every route, signed in or not, and a short log",
    async (depth) => {
      log = "";
      const failures: string[] = [];
      for (const kind of ["array", "object"] as const) {
        const raw = nested(depth, kind);
        for (const [method, url] of routes()) {
          for (const who of [cookie, undefined]) {
            const res = await send(method, url, raw, { cookie: who });
            const tag = `${kind} ${method} ${url} ${who ? "signed in" : "signed out"}: ${res.statusCode}`;
            const body = res.json() as { error?: { code?: string; message?: string } };
            if (res.statusCode !== 400 || body.error?.message !== securityTexts.nestedTooDeep) {
              failures.push(`${tag} ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(logProblems()).toEqual([]);
    },
    30_000,
  );

  it("takes the limit itself and refuses one level more, wherever the nesting sits", async () => {
    expect(securityTexts.nestedTooDeep).toContain(` ${MAX_JSON_DEPTH} `);
    const atLimit = await send("PUT", "/api/profile", nested(MAX_JSON_DEPTH, "array"), { cookie });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error.message).not.toBe(securityTexts.nestedTooDeep);
    const over = await send("PUT", "/api/profile", `{"name":"Ann","x":${nested(MAX_JSON_DEPTH, "object")}}`, {
      cookie,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(securityTexts.nestedTooDeep);
  });

  it("does not count brackets inside strings", async () => {
    const res = await send("PUT", "/api/profile", JSON.stringify({ name: `Ann ${"[{".repeat(5_000)}\\"]` }), {
      cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).not.toBe(securityTexts.nestedTooDeep);
  });
});

describe("any bad body", () => {
  const bad: [string, string, string?][] = [
    ["invalid JSON", "{not json"],
    ["truncated", '{"name":"Ann'],
    ["empty", ""],
    ["a lone bracket run", "[".repeat(200_000)],
    ["closers only", "]}".repeat(100_000)],
    ["prototype poisoning", '{"__proto__":{"admin":true},"name":"Ann"}'],
    ["constructor poisoning", '{"constructor":{"prototype":{"admin":true}}}'],
    ["a 900 KB string", JSON.stringify({ name: "x".repeat(900 * 1024) })],
    ["a 900 KB key", `{"${"k".repeat(900 * 1024)}":1}`],
    ["100,000 fields", `{${Array.from({ length: 100_000 }, (_, i) => `"f${i}":1`).join(",")}}`],
    ["200,000 array items", `{"entries":[${"0,".repeat(200_000)}0]}`],
    ["a huge number", '{"name":1e400}'],
    ["broken UTF-8", '{"name":"\ud800"}'],
    ["a control character", '{"name":"a\\u0000b"}'],
    ["nested under the limit, 60 deep", nested(60, "object", '"x"')],
    ["JSON sent as text/plain", nested(5_000, "array"), "text/plain"],
    ["a form body", "a[b][c][d]=1", "application/x-www-form-urlencoded"],
  ];

  it("never answers 5xx, and never logs an error, a stack or a line over 1 KB", async () => {
    log = "";
    const failures: string[] = [];
    for (const [name, raw, type] of bad) {
      for (const [method, url] of routes()) {
        for (const who of [cookie, undefined]) {
          const res = await send(method, url, raw, { cookie: who, type });
          const tag = `${name} ${method} ${url} ${who ? "signed in" : "signed out"}: ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${tag} ${res.body.slice(0, 120)}`);
          else if (!res.json().error?.message)
            failures.push(`${tag} not the error shape: ${res.body.slice(0, 120)}`);
          if (res.body.length > 1024) failures.push(`${tag} a ${res.body.length}-byte answer`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(logProblems()).toEqual([]);
  }, 60_000);
});

describe("jsonNestingExceeds", () => {
  it.each([
    ["[]", 1, false],
    ["[[]]", 1, true],
    ['{"a":[1,{"b":2}]}', 3, false],
    ['{"a":[1,{"b":2}]}', 2, true],
    ['"[[[[["', 1, false],
    ['["\\"[[["]', 1, false],
    ['["\\\\",[[1]]]', 2, true],
    ["]]]][[", 2, false],
    ["", 1, false],
  ] as const)("%s deeper than %i: %s", (text, max, expected) => {
    expect(jsonNestingExceeds(text, max)).toBe(expected);
  });
});
