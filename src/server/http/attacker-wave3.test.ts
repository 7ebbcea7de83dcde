import { createECDH } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import { securityTexts } from "#domain/texts-security.ts";
import { CROSS_SITE_REFUSED } from "#server/app.ts";
import { newId } from "#server/platform/ids.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { call, createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";
import { buildRunningShow, showDay, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

/**
 * An attacker's pass over every route of wave 3 (results, standings, points scales, show day, push, the
 * season calendar and printed schedule), on the pattern of origin.test.ts and bad-input.test.ts: each
 * route is called with no session, by a signed-in stranger, by a steward of another show, with the
 * victim's ids, without or with a foreign Origin, on encoded and traversal paths, with a huge body and
 * with malformed or mistyped input. Every answer must be the right status in the one error shape,
 * never a 5xx or a stack trace, never a byte of the victim's data, and the hostile calls change nothing.
 */

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Signed = TestUser & { cookie: string };
/**
 * Who may use a route: anyone signed in; admins and the show's stewards; admins; each person for
 * their own data; only the victim (their device, their result, their barn).
 */
type Access = "anyone" | "steward" | "admin" | "self" | "victim";

interface Ids {
  show: string;
  cls: string;
  horse: string;
  result: string;
  device: string;
  barn: string;
  org: string;
}

interface Probe {
  method: Method;
  /** The route as the OpenAPI document spells it. */
  route: string;
  access: Access;
  url: (ids: Ids) => string;
  body?: () => unknown;
  /** An endless event stream: only its refusals are called. */
  stream?: true;
  /** multipart/form-data (the results sheet photo). */
  file?: true;
}

let t: TestApp;
let admin: Signed;
let steward: Signed;
let victim: Signed;
let attacker: Signed;
let running: Awaited<ReturnType<typeof buildRunningShow>>;
let otherShow: { id: string };
let otherRunning: Awaited<ReturnType<typeof buildRunningShow>>;
let victimHorse: { id: string; name: string };
let victimIds: Ids;
let victimEndpoint: string;
let calls = 0;
/** The stored state before any hostile call: none of them may change it. */
let before: string[] = [];

const VICTIM_ZONE = "Pacific/Chatham";
const p256dh = () => createECDH("prime256v1").generateKeys().toString("base64url");
const subscription = (endpoint: string) => ({
  endpoint,
  keys: { p256dh: p256dh(), auth: "A".repeat(22) },
  timeZone: "America/Chicago",
});

const classesNumbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    id: `class-${from + i}`,
    number: String(from + i),
    name: `Class ${from + i} Walking Horses`,
  }));

/** The running show's schedule as buildRunningShow made it: saving it again changes nothing that matters here. */
const scheduleBody = (): ScheduleBody => ({
  timeZone: null,
  minutesPerClass: 7,
  sessions: [
    {
      name: "Evening",
      date: showDay(),
      startTime: "19:00",
      ring: "Main Ring",
      classes: classesNumbered(1, 8),
    },
    { name: "Late", date: showDay(), startTime: "22:00", ring: "Main Ring", classes: classesNumbered(9, 10) },
  ],
  unscheduled: [],
});

const line = (lineNo: number, placing: number, horse: string, horseId: string | null = null) => ({
  lineNo,
  placing,
  horse,
  rider: "Printed Rider",
  owner: "Printed Owner",
  horseId,
});

const classUrl = (ids: Ids) => `/api/shows/${ids.show}/classes/${ids.cls}/results`;

const PROBES: Probe[] = [
  {
    method: "GET",
    route: "/api/shows/{showId}/results",
    access: "anyone",
    url: (i) => `/api/shows/${i.show}/results`,
  },
  {
    method: "POST",
    route: "/api/shows/{showId}/classes/{classId}/results/preview",
    access: "steward",
    url: (i) => `${classUrl(i)}/preview`,
    body: () => ({ format: "text", text: "1 Velvet Victory" }),
  },
  {
    method: "POST",
    route: "/api/shows/{showId}/classes/{classId}/results/preview-file",
    access: "steward",
    url: (i) => `${classUrl(i)}/preview-file`,
    file: true,
  },
  {
    method: "POST",
    route: "/api/shows/{showId}/classes/{classId}/results",
    access: "steward",
    url: classUrl,
    body: () => ({ lines: [line(1, 1, "Nobody Known")] }),
  },
  {
    method: "PUT",
    route: "/api/shows/{showId}/classes/{classId}/results",
    access: "steward",
    url: classUrl,
    body: () => ({ version: 1, lines: [line(1, 1, "Nobody Known")] }),
  },
  {
    method: "GET",
    route: "/api/shows/{showId}/classes/{classId}/results/history",
    access: "steward",
    url: (i) => `${classUrl(i)}/history`,
  },
  {
    method: "GET",
    route: "/api/standings",
    access: "anyone",
    url: (i) => `/api/standings?org=${i.org}&mine=1`,
  },
  {
    method: "GET",
    route: "/api/standings.csv",
    access: "anyone",
    url: (i) => `/api/standings.csv?org=${i.org}`,
  },
  {
    method: "GET",
    route: "/api/horses/{id}/results",
    access: "anyone",
    url: (i) => `/api/horses/${i.horse}/results`,
  },
  { method: "GET", route: "/api/results/mine", access: "self", url: () => "/api/results/mine" },
  {
    method: "PUT",
    route: "/api/records/results/{id}/hidden",
    access: "victim",
    url: (i) => `/api/records/results/${i.result}/hidden`,
  },
  {
    method: "GET",
    route: "/api/admin/points-scales/{org}",
    access: "admin",
    url: (i) => `/api/admin/points-scales/${i.org}`,
  },
  {
    method: "PUT",
    route: "/api/admin/points-scales/{org}",
    access: "admin",
    url: (i) => `/api/admin/points-scales/${i.org}`,
    body: () => ({ placings: [9, 1], shown: 0, scaleBySize: false }),
  },
  {
    method: "GET",
    route: "/api/shows/{showId}/day",
    access: "anyone",
    url: (i) => `/api/shows/${i.show}/day`,
  },
  {
    method: "GET",
    route: "/api/shows/{showId}/day/events",
    access: "anyone",
    url: (i) => `/api/shows/${i.show}/day/events`,
    stream: true,
  },
  {
    method: "POST",
    route: "/api/shows/{showId}/ring/actions",
    access: "steward",
    url: (i) => `/api/shows/${i.show}/ring/actions`,
    body: () => ({ kind: "late", sessionId: running.evening, minutes: 10 }),
  },
  {
    method: "GET",
    route: "/api/shows/{showId}/stewards",
    access: "admin",
    url: (i) => `/api/shows/${i.show}/stewards`,
  },
  {
    method: "PUT",
    route: "/api/shows/{showId}/stewards",
    access: "admin",
    url: (i) => `/api/shows/${i.show}/stewards`,
    body: () => ({ userIds: [attacker.id] }),
  },
  {
    method: "PUT",
    route: "/api/shows/{showId}/schedule",
    access: "admin",
    url: (i) => `/api/shows/${i.show}/schedule`,
    body: scheduleBody,
  },
  { method: "GET", route: "/api/me/class-alerts", access: "self", url: () => "/api/me/class-alerts" },
  {
    method: "PUT",
    route: "/api/me/class-alerts",
    access: "self",
    url: () => "/api/me/class-alerts",
    body: () => ({ classesAway: 5 }),
  },
  { method: "GET", route: "/api/push/config", access: "anyone", url: () => "/api/push/config" },
  { method: "GET", route: "/api/push/devices", access: "self", url: () => "/api/push/devices" },
  {
    method: "POST",
    route: "/api/push/devices",
    access: "self",
    url: () => "/api/push/devices",
    body: () => subscription(`https://push.example/${newId()}`),
  },
  {
    method: "DELETE",
    route: "/api/push/devices/{id}",
    access: "victim",
    url: (i) => `/api/push/devices/${i.device}`,
  },
  { method: "GET", route: "/api/push/settings", access: "self", url: () => "/api/push/settings" },
  {
    method: "PUT",
    route: "/api/push/settings",
    access: "self",
    url: () => "/api/push/settings",
    body: () => ({ choices: { result: false }, quietHours: true, timeZone: "Europe/Berlin" }),
  },
  {
    method: "GET",
    route: "/api/calendar",
    access: "anyone",
    url: () => `/api/calendar?month=${showDay().slice(0, 7)}&mine=1`,
  },
  {
    method: "GET",
    route: "/api/shows/{showId}/schedule/print",
    access: "victim",
    url: (i) => `/api/shows/${i.show}/schedule/print?barn=${i.barn}`,
  },
  {
    method: "GET",
    route: "/api/shows/{showId}/schedule.pdf",
    access: "victim",
    url: (i) => `/api/shows/${i.show}/schedule.pdf?barn=${i.barn}`,
  },
];

/** The routes of wave 3 in the OpenAPI document: any new one must join PROBES. */
const WAVE_3_TAGS = new Set(["results", "show day", "push", "season"]);
const isWave3 = (path: string, tags: readonly string[]) =>
  tags.some((tag) => WAVE_3_TAGS.has(tag)) || path.startsWith("/api/admin/points-scales");

const isWrite = (method: Method) => method !== "GET";

/** How a request says where it comes from: our page (default), no Origin at all, or another site. */
type OriginChoice = "ours" | "none" | "foreign";

/** One file as multipart/form-data, as a browser's FormData sends it. */
function multipart(bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----probe${newId().replaceAll("-", "")}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Every request of this file goes through here, so the report can say how many were made. */
async function send(
  method: Method,
  url: string,
  options: {
    cookie?: string;
    body?: unknown;
    /** Sent as it is (malformed JSON, a huge body). */
    raw?: string | Buffer;
    contentType?: string;
    origin?: OriginChoice;
  } = {},
): Promise<LightMyRequestResponse> {
  calls += 1;
  const origin = options.origin ?? "ours";
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {};
  if (origin !== "none") headers.origin = origin === "ours" ? TEST_ORIGIN : "https://evil.example";
  if (options.cookie) headers.cookie = options.cookie;
  if (payload !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** A probe's request with its valid body (or file), as `who`. */
function sendProbe(
  probe: Probe,
  ids: Ids,
  who: Signed | undefined,
  options: { origin?: OriginChoice; url?: string; fileBytes?: Buffer } = {},
): Promise<LightMyRequestResponse> {
  const url = options.url ?? probe.url(ids);
  const common = { cookie: who?.cookie, origin: options.origin };
  if (probe.file) {
    const { payload, contentType } = multipart(options.fileBytes ?? Buffer.from("1 Velvet Victory\n"));
    return send(probe.method, url, { ...common, raw: payload, contentType });
  }
  return send(probe.method, url, { ...common, body: probe.body?.() });
}

/** What the victim has that nobody else may see. */
const secrets = () => [victim.email, victim.id, victim.name, victimEndpoint, victimIds.device, VICTIM_ZONE];

/** Why an answer fails the probe, or null: a 5xx, a stack trace, a broken error shape, the victim's data. */
function problemOf(res: LightMyRequestResponse, checkSecrets = true): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (/\bat .+\.(ts|js):\d+/.test(res.body)) return "a stack trace in the body";
  if (res.statusCode >= 400 && `${res.headers["content-type"]}`.includes("json")) {
    const error = (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code !== "string" || typeof error.message !== "string" || !error.message)
      return `not the error shape: ${res.body.slice(0, 120)}`;
  }
  if (checkSecrets) {
    const leaked = secrets().filter((s) => res.body.includes(s));
    if (leaked.length > 0) return `the victim's ${leaked.join(", ")} in the body`;
  }
  return null;
}

/** The rows of every table wave 3 writes, minus the attacker's own (their settings are theirs to change). */
async function snapshot(): Promise<string[]> {
  const tables = [
    "result",
    "result_class",
    "result_history",
    "result_hidden",
    "standing",
    "standing_group",
    "points_scale",
    "ring_action",
    "ring_steward",
    "show_session",
    "show_class",
    "alert_setting",
    "push_subscription",
    "push_settings",
    "push_choice",
    "class_entry",
  ] as const;
  const rows: string[] = [];
  for (const table of tables) {
    const found = (await t.app.deps.db.db.selectFrom(table).selectAll().execute()) as Record<
      string,
      unknown
    >[];
    for (const row of found) {
      if (Object.values(row).includes(attacker.id)) continue;
      rows.push(`${table} ${JSON.stringify(row)}`);
    }
  }
  return rows.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
  steward = await signedInUser(t.app, { name: "Sam Steward" });
  victim = await signedInUser(t.app, { name: "Vivienne Quillfeather", roles: ["Owner", "Trainer"] });
  attacker = await signedInUser(t.app, { name: "Mallory Attacker", roles: ["Owner", "Trainer"] });
  running = await buildRunningShow(t.app, admin);
  otherShow = await buildShow(t.app, { classes: [{ id: "b-1", name: "Lite Shod Walking Horse" }] });
  otherRunning = await buildRunningShow(t.app, admin, { name: "Another Running Show" });
  const named = await call(t.app, "PUT", `/api/shows/${running.show.id}/stewards`, {
    cookie: admin.cookie,
    body: { userIds: [steward.id] },
  });
  expect(named.statusCode).toBe(200);

  victimHorse = await buildHorse(t.app, {
    name: "Velvet Victory",
    owners: [victim.id],
    trainers: [victim.id],
  });
  for (const classId of ["class-1", "class-2"])
    await buildEntry(t.app, {
      userId: victim.id,
      showId: running.show.id,
      classId,
      status: "HorseIsShowing",
      horseId: victimHorse.id,
      riderId: victim.id,
    });
  const published = await call(t.app, "POST", `/api/shows/${running.show.id}/classes/class-1/results`, {
    cookie: admin.cookie,
    body: { lines: [line(1, 1, victimHorse.name, victimHorse.id), line(2, 2, "Some Other Horse")] },
  });
  expect(published.statusCode).toBe(200);
  const results = await call(t.app, "GET", `/api/horses/${victimHorse.id}/results`, {
    cookie: victim.cookie,
  });
  const resultId = (results.json() as { results: { id: string }[] }).results[0]?.id;

  victimEndpoint = `https://push.example/victim-${newId()}`;
  const device = await call(t.app, "POST", "/api/push/devices", {
    cookie: victim.cookie,
    body: subscription(victimEndpoint),
  });
  expect(device.statusCode).toBe(200);
  const settings = await call(t.app, "PUT", "/api/push/settings", {
    cookie: victim.cookie,
    body: { choices: { result: true }, quietHours: true, timeZone: VICTIM_ZONE },
  });
  expect(settings.statusCode).toBe(200);
  expect(
    (await call(t.app, "PUT", "/api/me/class-alerts", { cookie: victim.cookie, body: { classesAway: 9 } }))
      .statusCode,
  ).toBe(200);

  if (!resultId) throw new Error("the victim's horse has no result");
  victimIds = {
    show: running.show.id,
    cls: "class-1",
    horse: victimHorse.id,
    result: resultId,
    device: (device.json() as { id: string }).id,
    barn: victim.id,
    org: "WHOA",
  };
  before = await snapshot();
});
afterAll(async () => {
  await t.close();
  console.info(`attacker-wave3: ${calls} calls`);
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
    expect((await victims("/api/results/mine")).results).toHaveLength(1);
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
    const holder = (probe: Probe) => (probe.access === "self" || probe.access === "victim" ? victim : admin);
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
      t.app.inject({
        method: "POST",
        url,
        headers: {
          origin: TEST_ORIGIN,
          cookie: who.cookie,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        payload: JSON.stringify(body),
      });
    calls += 2;
    expect((await withKey(admin)).statusCode).toBe(200);
    const replayed = await withKey(attacker);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.headers["idempotent-replayed"]).toBeUndefined();
  });
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
    const holder = (probe: Probe) => (probe.access === "self" || probe.access === "victim" ? victim : admin);
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
    const values = ["", "-1", "0", "1e400", "NaN", "9".repeat(400), "%ZZ", "a%00b", "%2e%2e%2f", "1&{}=2"];
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
    const holder = (probe: Probe) => (probe.access === "self" || probe.access === "victim" ? victim : admin);
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
