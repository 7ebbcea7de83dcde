import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityTexts } from "#domain/texts/security.ts";
import { holder, isWrite, PROBES, problemOf, sendProbe } from "#tests/support/wave3-probes.ts";
import {
  admin,
  attacker,
  callCount,
  running,
  send,
  setUpWave3,
  steward,
  tearDownWave3,
  victim,
  victimIds,
} from "#tests/support/wave3-world.ts";

/**
 * What is not valid input, on every route of wave 3, on the pattern of bad-input.test.ts: bodies over
 * the caps, a results sheet that is not a sheet, malformed JSON, every field of every body with the
 * wrong type or size or a control character, hostile query strings, and the same write three times at
 * once. Never a 5xx, a stack trace or another shape of error; a stranger never sees the victim's data.
 */

beforeAll(setUpWave3);
afterAll(async () => {
  await tearDownWave3();
  console.info(`bad-input-wave3: ${callCount()} calls`);
});

/** A JSON body just over the server's 1 MB cap, and one over the push routes' 8 KB. */
const HUGE = JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) });
const OVER_8K = JSON.stringify({ text: "x".repeat(9 * 1024) });

describe("huge bodies", () => {
  it("are refused with 413 in the error shape before anything reads them, on every write", async () => {
    const failures: string[] = [];
    for (const probe of PROBES.filter((p) => isWrite(p.method) && !p.file)) {
      const bodies = probe.route.startsWith("/api/push") && probe.body ? [HUGE, OVER_8K] : [HUGE];
      for (const raw of bodies)
        for (const who of [admin, victim, undefined]) {
          const res = await send(probe.method, probe.url(victimIds), { cookie: who?.cookie, raw });
          const problem = problemOf(res, false) ?? (res.statusCode === 413 ? null : `${res.statusCode}`);
          if (problem) failures.push(`${probe.method} ${probe.route} ${raw.length} bytes: ${problem}`);
        }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a results sheet over 10 MB with 413, and reads nothing for someone who may not post", async () => {
    const [file] = PROBES.filter((p) => p.file);
    if (!file) throw new Error("no file route");
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 1024, 0x41);
    const big = await sendProbe(file, victimIds, steward, { fileBytes: bytes });
    expect(problemOf(big)).toBeNull();
    expect(big.statusCode).toBe(413);
    const stranger = await sendProbe(file, victimIds, attacker, { fileBytes: bytes });
    expect(problemOf(stranger)).toBeNull();
    expect(stranger.statusCode).toBe(403);
  });
});

describe("the results sheet upload with what is not a sheet", () => {
  it("answers a steward's broken, empty or foreign upload with a client error, never a server error", async () => {
    const url = `/api/shows/${running.show.id}/classes/class-5/results/preview-file`;
    const boundary = "----probeboundary";
    const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
    const file = (name: string, type: string) =>
      `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}`;
    const bodies: [string, string, string][] = [
      ["no file at all", "application/json", JSON.stringify({ text: "1 A" })],
      [
        "an empty file",
        `multipart/form-data; boundary=${boundary}`,
        `${part(file("a.png", "image/png"), "")}--${boundary}--\r\n`,
      ],
      [
        "text called a picture",
        `multipart/form-data; boundary=${boundary}`,
        `${part(file("a.png", "image/png"), "1 Velvet Victory")}--${boundary}--\r\n`,
      ],
      [
        "a cut-off body",
        `multipart/form-data; boundary=${boundary}`,
        part(file("a.pdf", "application/pdf"), "%PDF-1.7\n1 0 obj"),
      ],
      [
        "a field, not a file",
        `multipart/form-data; boundary=${boundary}`,
        `${part('Content-Disposition: form-data; name="text"', "1 A")}--${boundary}--\r\n`,
      ],
      ["no boundary", "multipart/form-data", "garbage"],
      [
        "a traversal file name",
        `multipart/form-data; boundary=${boundary}`,
        `${part(file("../../etc/passwd", "image/png"), "x")}--${boundary}--\r\n`,
      ],
    ];
    const failures: string[] = [];
    for (const [label, contentType, raw] of bodies) {
      const res = await send("POST", url, { cookie: steward.cookie, raw, contentType });
      const problem =
        problemOf(res) ?? (res.statusCode >= 400 ? null : `${res.statusCode}: ${res.body.slice(0, 120)}`);
      if (problem) failures.push(`${label}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});

/** Bodies that are not JSON, or JSON that tries the parser's corners. */
const MALFORMED = [
  "{",
  '{"a":1,}',
  "[",
  "nul",
  "{'a':1}",
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"text"',
  "123",
  "null",
  "[]",
  "",
];

function parses(raw: string): boolean {
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}

/** Values that have the wrong type, the wrong size or a hostile character, for a leaf of a given type. */
function wrongValues(value: unknown): unknown[] {
  const common = [null, [], {}, "a\u0000b"];
  if (typeof value === "string")
    return [...common, 123, true, "x".repeat(100_000), "", "\u202e<script>x</script>"];
  if (typeof value === "number")
    return [...common, "1", -1, 1.5, 1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2];
  if (typeof value === "boolean") return [...common, "true", 0];
  if (Array.isArray(value)) return [...common, "x", Array.from({ length: 5000 }, () => value[0] ?? "x")];
  return [...common, "x", 1];
}

/** Each variant of `body` with one leaf or container replaced, removed, or given an unknown neighbour. */
function mutations(body: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, replace: (v: unknown, remove?: boolean) => unknown) => {
    for (const wrong of wrongValues(node)) out.push(replace(wrong));
    if (node && typeof node === "object") {
      if (!Array.isArray(node)) out.push(replace({ ...node, unexpected: true }));
      for (const [k, child] of Object.entries(node)) {
        walk(child, (v, remove) => {
          const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : { ...node };
          if (remove && !Array.isArray(copy)) delete copy[k];
          else (copy as Record<string, unknown>)[k] = v;
          return replace(copy);
        });
        if (!Array.isArray(node))
          out.push(replace(Object.fromEntries(Object.entries(node).filter(([n]) => n !== k))));
      }
    }
  };
  walk(body, (v) => v);
  return out;
}

describe("malformed JSON, wrong types and control characters", () => {
  it("answer every write with a client error in the error shape, never a server error", async () => {
    const failures: string[] = [];
    for (const probe of PROBES.filter((p) => isWrite(p.method) && !p.file)) {
      const url = probe.url(victimIds);
      for (const who of [holder(probe), attacker]) {
        for (const raw of MALFORMED) {
          const res = await send(probe.method, url, { cookie: who.cookie, raw });
          // A route that takes no body may ignore one that parses; every other answer is a 400.
          const ignored = !probe.body && res.statusCode !== 400;
          const problem =
            problemOf(res, who !== victim) ??
            (res.statusCode === 400 || (ignored && parses(raw)) ? null : `${res.statusCode}, not 400`);
          if (problem) failures.push(`${probe.method} ${probe.route} ${JSON.stringify(raw)}: ${problem}`);
        }
        const text = await send(probe.method, url, {
          cookie: who.cookie,
          raw: JSON.stringify(probe.body?.() ?? {}),
          contentType: "text/plain",
        });
        if (problemOf(text, who !== victim) || (probe.body && ![400, 415].includes(text.statusCode)))
          failures.push(`${probe.method} ${probe.route} as text/plain → ${text.statusCode}`);
      }
      for (const body of probe.body ? mutations(probe.body()) : []) {
        const res = await send(probe.method, url, { cookie: holder(probe).cookie, body });
        const tag = `${probe.method} ${probe.route} ${JSON.stringify(body).slice(0, 100)}`;
        const problem = problemOf(res, holder(probe) !== victim);
        if (problem) failures.push(`${tag}: ${problem}`);
        else if (
          JSON.stringify(body).includes("\\u0000") &&
          res.json().error?.message !== securityTexts.controlCharacter
        )
          failures.push(`${tag}: a control character not refused (${res.statusCode})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answer every query string a stranger can write without a server error or the victim's data", async () => {
    const values = [
      "",
      "-1",
      "0",
      "1e400",
      "NaN",
      "9".repeat(400),
      "%ZZ",
      "a%00b",
      "%2e%2e%2f",
      "1&{}=2",
      "%25_%25_%25",
      "%FF%FE",
      `x${"&judge=a".repeat(2000)}`,
    ];
    const failures: string[] = [];
    for (const probe of PROBES.filter((p) => p.method === "GET" && p.url(victimIds).includes("?"))) {
      const [path, query] = probe.url(victimIds).split("?") as [string, string];
      const names = [
        ...new URLSearchParams(query).keys(),
        "year",
        "page",
        "division",
        "month",
        "today",
        "paper",
        "large",
        "name",
        "location",
        "judge",
        "org",
        "barn",
        "__proto__",
      ];
      for (const name of names)
        for (const value of values) {
          for (const url of [`${path}?${name}=${value}`, `${path}?${query}&${name}=${value}&${name}=2`]) {
            const res = await send("GET", url, { cookie: attacker.cookie });
            const problem = problemOf(res);
            if (problem) failures.push(`GET ${url}: ${problem}`);
          }
        }
    }
    expect(failures).toEqual([]);
  });
});

describe("the same write sent three times at once", () => {
  it("answers each with its status or a clear refusal, never a server error (a double tap, a replayed queue)", async () => {
    const failures: string[] = [];
    for (const probe of PROBES.filter((p) => isWrite(p.method) && !p.file)) {
      const body = probe.body?.();
      const answers = await Promise.all(
        [0, 1, 2].map(() => send(probe.method, probe.url(victimIds), { cookie: holder(probe).cookie, body })),
      );
      for (const res of answers) {
        const problem = problemOf(res, false);
        if (problem) failures.push(`${probe.method} ${probe.route}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
