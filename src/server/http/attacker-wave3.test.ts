import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { CROSS_SITE_REFUSED } from "#server/app.ts";
import { newId } from "#server/platform/ids.ts";
import { LIVE_STREAMS_PER_USER } from "#server/platform/stream-limit.ts";
import { call } from "#tests/support/server.ts";
import { showDay } from "#tests/support/show-day-factories.ts";
import { listen, openEventStream, type SseClient } from "#tests/support/sse.ts";
import {
  holder,
  isWave3,
  isWrite,
  PROBES,
  type Probe,
  problemOf,
  sendProbe,
  snapshot,
} from "#tests/support/wave3-probes.ts";
import {
  admin,
  attacker,
  callCount,
  type Ids,
  line,
  otherRunning,
  otherShow,
  running,
  type Signed,
  send,
  setUpWave3,
  steward,
  t,
  tearDownWave3,
  VICTIM_ZONE,
  victim,
  victimEndpoint,
  victimHorse,
  victimIds,
} from "#tests/support/wave3-world.ts";

/**
 * An attacker's pass over who may do what on every route of wave 3 (results, standings, points scales,
 * show day, push, the season calendar and printed schedule), on the pattern of origin.test.ts: each
 * route is called with no session, by a signed-in stranger, by a steward of another show, with the
 * victim's ids, without or with a foreign Origin, on encoded and traversal paths, and with another
 * person's Idempotency-Key. Every answer must be the right status in the one error shape, never a 5xx,
 * never a byte of the victim's data, and no hostile call changes anything stored.
 * bad-input-wave3.test.ts sends the same routes what is not valid input.
 */

/** The stored state before any hostile call: none of them may change it. */
let before: string[] = [];

beforeAll(async () => {
  await setUpWave3();
  before = await snapshot();
});
afterAll(async () => {
  await tearDownWave3();
  console.info(`attacker-wave3: ${callCount()} calls`);
});

describe("wave 3 under attack", () => {
  it("probes every route of results, standings, points scales, show day, push and the season", async () => {
    const doc = (await call(t.app, "GET", "/api/docs/json")).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => isWave3(path, op.tags ?? []))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThanOrEqual(30);
    expect(PROBES.map((p) => `${p.method} ${p.route}`).sort()).toEqual([...documented].sort());
  });

  it("answers every route without a session with 401 in the error shape", async () => {
    const failures: string[] = [];
    for (const probe of PROBES) {
      const res = await sendProbe(probe, victimIds, undefined);
      const problem = problemOf(res) ?? (res.statusCode === 401 ? null : `${res.statusCode}, not 401`);
      if (problem) failures.push(`${probe.method} ${probe.route}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});

/** The statuses that say "not for you": a refusal, or an id that does not exist for this person. */
const REFUSED = new Set([403, 404]);

function expectRefusedOrOpen(probe: Probe, res: LightMyRequestResponse): string | null {
  const problem = problemOf(res);
  if (problem) return problem;
  const open = probe.access === "anyone" || probe.access === "self";
  if (open)
    return res.statusCode < 300 ? null : `${res.statusCode} for a route open to everyone: ${res.body}`;
  return REFUSED.has(res.statusCode) ? null : `${res.statusCode}, not 403/404: ${res.body.slice(0, 160)}`;
}

describe("a signed-in stranger with the victim's ids", () => {
  it("is refused on every route that is not theirs and sees only their own data elsewhere", async () => {
    const failures: string[] = [];
    for (const probe of PROBES) {
      if (probe.stream) continue;
      const res = await sendProbe(probe, victimIds, attacker);
      const problem = expectRefusedOrOpen(probe, res);
      if (problem) failures.push(`${probe.method} ${probe.route}: ${problem}`);
      // HEAD runs the GET handler: the same answer, without the body.
      if (probe.method !== "GET") continue;
      const head = await send("HEAD", probe.url(victimIds), { cookie: attacker.cookie });
      if (head.statusCode !== res.statusCode || head.body !== "")
        failures.push(`HEAD ${probe.route}: ${head.statusCode} (GET ${res.statusCode})`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("as a steward of one show, is refused on another show's ring and results, and on the admin's routes", async () => {
    const elsewhere: Ids = { ...victimIds, show: otherShow.id, cls: "b-1" };
    const failures: string[] = [];
    for (const probe of PROBES) {
      if (probe.stream || probe.access === "anyone" || probe.access === "self") continue;
      const cases: [string, Ids][] = [["on another show", elsewhere]];
      if (probe.access !== "steward") cases.push(["on their own show", victimIds]);
      for (const [where, ids] of cases) {
        const res = await sendProbe(probe, ids, steward);
        const problem = expectRefusedOrOpen(probe, res);
        if (problem) failures.push(`${probe.method} ${probe.route} ${where}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("cannot reach a class of another show through the steward's own show, nor its sessions", async () => {
    const failures: string[] = [];
    const check = (tag: string, res: LightMyRequestResponse, statuses: number[]) => {
      const problem = problemOf(res) ?? (statuses.includes(res.statusCode) ? null : `${res.statusCode}`);
      if (problem) failures.push(`${tag}: ${problem} ${res.body.slice(0, 160)}`);
    };
    const foreignClass = { ...victimIds, cls: "b-1" };
    for (const probe of PROBES.filter((p) => p.route.includes("{classId}"))) {
      check(`${probe.method} ${probe.route}`, await sendProbe(probe, foreignClass, steward), [404]);
    }
    const ring = `/api/shows/${running.show.id}/ring/actions`;
    const foreignActions = [
      { kind: "start-session", sessionId: otherRunning.evening },
      { kind: "in-ring", sessionId: running.evening, classId: "b-1", expectedInRing: null },
      { kind: "in-ring", sessionId: otherRunning.evening, classId: "class-1", expectedInRing: null },
      { kind: "done", sessionId: running.evening, classId: "b-1" },
      { kind: "scratch", sessionId: running.evening, classId: "b-1", reason: "probe" },
      { kind: "late", sessionId: otherRunning.evening, minutes: 10 },
      { kind: "undo", undoSeq: 999 },
    ];
    for (const body of foreignActions)
      check(
        `ring ${JSON.stringify(body)}`,
        await send("POST", ring, { cookie: steward.cookie, body }),
        [400, 404, 409],
      );
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("cannot see the victim's devices, settings, results, barn or standings as theirs", async () => {
    const own = async (url: string) => (await send("GET", url, { cookie: attacker.cookie })).json();
    // The stranger's own device and settings (made above) are theirs; none of the victim's are.
    const devices = (await own("/api/push/devices")).devices as { id: string; endpoint: string }[];
    expect(devices.filter((d) => d.id === victimIds.device || d.endpoint === victimEndpoint)).toEqual([]);
    expect((await own("/api/push/settings")).timeZone).not.toBe(VICTIM_ZONE);
    expect((await own("/api/me/class-alerts")).classesAway).not.toBe(9);
    expect((await own("/api/results/mine")).results).toEqual([]);
    const standings = await own("/api/standings?org=WHOA");
    expect(standings.rows.length).toBeGreaterThan(0);
    expect(standings.rows.filter((r: { mine: boolean }) => r.mine)).toEqual([]);
    expect((await own("/api/standings?org=WHOA&mine=1")).rows).toEqual([]);
    const sheet = await own(`/api/shows/${running.show.id}/schedule/print`);
    expect(sheet.days.flatMap((d: { sessions: unknown[] }) => d.sessions)).toEqual([]);
    const month = await own(`/api/calendar?month=${showDay().slice(0, 7)}`);
    expect(month.shows.some((s: { id: string }) => s.id === running.show.id)).toBe(true);
    expect(month.shows.filter((s: { mine: boolean }) => s.mine)).toEqual([]);
    // The victim's own calls, so the refusals above are about the attacker and not about empty data.
    const victims = async (url: string) => (await send("GET", url, { cookie: victim.cookie })).json();
    expect((await victims("/api/push/devices")).devices).toHaveLength(1);
    expect((await victims("/api/results/mine")).results).toHaveLength(2);
    expect((await victims(`/api/calendar?month=${showDay().slice(0, 7)}&mine=1`)).shows).toHaveLength(1);
    const barn = await send("GET", `/api/shows/${running.show.id}/schedule/print?barn=${victim.id}`, {
      cookie: victim.cookie,
    });
    expect(barn.statusCode).toBe(200);
    expect(barn.body).toContain(victimHorse.name);
    expect(await snapshot()).toEqual(before);
  });
});

describe("Origin", () => {
  it("refuses every write made without an Origin or from another site, with the holder's own session", async () => {
    const failures: string[] = [];
    for (const probe of PROBES.filter((p) => isWrite(p.method))) {
      for (const origin of ["none", "foreign"] as const) {
        const res = await sendProbe(probe, victimIds, holder(probe), { origin });
        const refused = res.statusCode === 403 && res.json().error?.message === CROSS_SITE_REFUSED;
        if (!refused) failures.push(`${probe.method} ${probe.route} origin=${origin} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

/** Each character percent-encoded: the router decodes it back to the id. */
const encodeAll = (value: string) =>
  [...value].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase()}`).join("");

/** Ids a router, a proxy or a database might read as something else. */
const traversals = (value: string): string[] => [
  "%2e%2e",
  ".%2e",
  "..%2f..%2fadmin%2fpoints-scales%2fWHOA",
  "%252e%252e%252f%252e%252e",
  encodeAll(encodeAll(value)),
  `${value}%2f..%2f..`,
  `${value}%2F`,
  `${value}%20`,
  `${value};x=1`,
  `%u002e%u002e`,
  `${value}'--`,
  `${value}%22%3E%3Cscript%3E`,
  value.toUpperCase(),
  "*",
  "%25",
  "%C0%AE%C0%AE",
  "%ED%A0%80",
  `${value}%FF`,
];

describe("encoded and traversal paths", () => {
  it("never reach another resource, a server error or the victim's data", async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const probe of PROBES) {
      for (const key of Object.keys(victimIds) as (keyof Ids)[]) {
        const plain = probe.url(victimIds);
        // Every key the route's address holds: the id spelled as the router decodes it, and as it does not.
        const spelled = [encodeAll(victimIds[key]), ...traversals(victimIds[key])];
        for (const variant of spelled) {
          const url = probe.url({ ...victimIds, [key]: variant });
          if (url === plain) continue;
          // A stream on an address that still names the show would stay open: only refusals are asked.
          if (probe.stream && variant === encodeAll(victimIds[key])) continue;
          for (const who of probe.access === "steward" && variant !== encodeAll(victimIds[key])
            ? [attacker, steward]
            : [attacker]) {
            tried += 1;
            const res = await sendProbe(probe, victimIds, who, { url });
            const open = who === attacker && (probe.access === "anyone" || probe.access === "self");
            const problem = problemOf(res) ?? (res.statusCode < 300 && !open ? `${res.statusCode}` : null);
            if (problem) failures.push(`${probe.method} ${url} as ${who.name}: ${problem}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  });
});

describe("replayed Idempotency-Keys", () => {
  it("never hand one person's stored answer to another", async () => {
    const key = `probe-${newId()}`;
    const url = `/api/shows/${running.show.id}/classes/class-3/results`;
    const body = { lines: [line(1, 1, "Nobody Known")] };
    const withKey = (who: Signed) =>
      send("POST", url, { cookie: who.cookie, body, headers: { "idempotency-key": key } });
    expect((await withKey(admin)).statusCode).toBe(200);
    const replayed = await withKey(attacker);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("live streams held open", () => {
  it("refuse one more than the person's limit on either stream route (429 with Retry-After), and not the victim's", async () => {
    const base = await listen(t.app);
    const dayUrl = `/api/shows/${victimIds.show}/day/events`;
    const held: SseClient[] = [];
    // The attacker fills their slots with both kinds over real sockets (a stream never ends under inject).
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) {
      const stream = await openEventStream(base, attacker.cookie, i % 2 ? { path: dayUrl } : {});
      expect(stream.status).toBe(200);
      held.push(stream);
    }
    const failures: string[] = [];
    for (const url of ["/api/events", dayUrl]) {
      const res = await send("GET", url, { cookie: attacker.cookie });
      const problem =
        problemOf(res) ??
        (res.statusCode === 429 && res.json().error.code === ERROR_CODES.tooManyRequests
          ? null
          : `${res.statusCode}: ${res.body.slice(0, 120)}`);
      if (problem) failures.push(`GET ${url}: ${problem}`);
      if (!Number(res.headers["retry-after"])) failures.push(`GET ${url}: no Retry-After`);
    }
    const victims = await openEventStream(base, victim.cookie, { path: dayUrl });
    if (victims.status !== 200) failures.push(`the victim's stream: ${victims.status}`);
    for (const stream of [...held, victims]) stream.close();
    expect(failures).toEqual([]);
    await expect.poll(() => t.app.deps.streamLimit.held(attacker.id)).toBe(0);
  });
});
