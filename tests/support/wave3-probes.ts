import { createECDH } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import { newId } from "#server/platform/ids.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { call, createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";
import { buildRunningShow, showDay, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

/**
 * The attacker probes of wave 3 (results, standings, points scales, show day, push, the season calendar
 * and printed schedule): every route as a probe with the victim's ids, a victim with data worth
 * stealing, a stranger, a steward of one show, and one counted way to send requests. Used by
 * src/server/http/attacker-wave3.test.ts (who may do what) and bad-input-wave3.test.ts (what input does).
 */

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";
export type Signed = TestUser & { cookie: string };
/**
 * Who may use a route: anyone signed in; admins and the show's stewards; admins; each person for
 * their own data; only the victim (their device, their result, their barn).
 */
export type Access = "anyone" | "steward" | "admin" | "self" | "victim";

export interface Ids {
  show: string;
  cls: string;
  horse: string;
  result: string;
  device: string;
  barn: string;
  org: string;
  /** A name the victim's horse was printed as, remembered when a steward confirmed it. */
  alias: string;
}

export interface Probe {
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

export let t: TestApp;
export let admin: Signed;
export let steward: Signed;
export let victim: Signed;
export let attacker: Signed;
export let running: Awaited<ReturnType<typeof buildRunningShow>>;
export let otherShow: { id: string };
export let otherRunning: Awaited<ReturnType<typeof buildRunningShow>>;
export let victimHorse: { id: string; name: string };
export let victimIds: Ids;
export let victimEndpoint: string;
let calls = 0;

export const VICTIM_ZONE = "Pacific/Chatham";
const p256dh = () => createECDH("prime256v1").generateKeys().toString("base64url");
export const subscription = (endpoint: string) => ({
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

export const line = (lineNo: number, placing: number, horse: string, horseId: string | null = null) => ({
  lineNo,
  placing,
  horse,
  rider: "Printed Rider",
  owner: "Printed Owner",
  horseId,
});

const classUrl = (ids: Ids) => `/api/shows/${ids.show}/classes/${ids.cls}/results`;

export const PROBES: Probe[] = [
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
    method: "GET",
    route: "/api/horses/{id}/aliases",
    access: "anyone",
    url: (i) => `/api/horses/${i.horse}/aliases`,
  },
  {
    method: "DELETE",
    route: "/api/horses/{id}/aliases/{aliasId}",
    access: "victim",
    url: (i) => `/api/horses/${i.horse}/aliases/${i.alias}`,
  },
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
export const isWave3 = (path: string, tags: readonly string[]) =>
  tags.some((tag) => WAVE_3_TAGS.has(tag)) || path.startsWith("/api/admin/points-scales");

export const isWrite = (method: Method) => method !== "GET" && method !== "HEAD";

/** How a request says where it comes from: our page (default), no Origin at all, or another site. */
export type OriginChoice = "ours" | "none" | "foreign";

/** One file as multipart/form-data, as a browser's FormData sends it. */
export function multipart(bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----probe${newId().replaceAll("-", "")}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Every request of this file goes through here, so the report can say how many were made. */
export async function send(
  method: Method,
  url: string,
  options: {
    cookie?: string;
    body?: unknown;
    /** Sent as it is (malformed JSON, a huge body). */
    raw?: string | Buffer;
    contentType?: string;
    origin?: OriginChoice;
    headers?: Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  calls += 1;
  const origin = options.origin ?? "ours";
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (origin !== "none") headers.origin = origin === "ours" ? TEST_ORIGIN : "https://evil.example";
  if (options.cookie) headers.cookie = options.cookie;
  if (payload !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** A probe's request with its valid body (or file), as `who`. */
export function sendProbe(
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
export function problemOf(res: LightMyRequestResponse, checkSecrets = true): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (/\bat .+\.(ts|js):\d+/.test(res.body)) return "a stack trace in the body";
  if (res.statusCode >= 400 && `${res.headers["content-type"]}`.includes("json")) {
    const error = (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code !== "string" || typeof error.message !== "string" || !error.message)
      return `not the error shape: ${res.body.slice(0, 120)}`;
  }
  // Every answer with data depends on the session: a shared cache must never keep one for the next person.
  if (res.statusCode < 300 && res.headers["cache-control"] !== "private, no-store")
    return `Cache-Control ${res.headers["cache-control"]} on a ${res.statusCode}`;
  if (checkSecrets) {
    const leaked = secrets().filter((s) => res.body.includes(s));
    if (leaked.length > 0) return `the victim's ${leaked.join(", ")} in the body`;
  }
  return null;
}

/** The rows of every table wave 3 writes, minus the attacker's own (their settings are theirs to change). */
export async function snapshot(): Promise<string[]> {
  const tables = [
    "result",
    "result_class",
    "result_history",
    "result_hidden",
    "horse_alias",
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

/** Whose session a route's own write is made with: the victim's for their own things, else the admin's. */
export const holder = (probe: Probe): Signed =>
  probe.access === "self" || probe.access === "victim" ? victim : admin;

/** How many requests the probes made so far. */
export const callCount = (): number => calls;

/** A fresh server with the people, shows, results, device and settings the probes attack. */
export async function setUpWave3(): Promise<void> {
  calls = 0;
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
  const confirmed = await call(t.app, "POST", `/api/shows/${running.show.id}/classes/class-2/results`, {
    cookie: admin.cookie,
    body: { lines: [{ ...line(1, 1, "Velvet Victori", victimHorse.id), confirmed: true }] },
  });
  expect(confirmed.statusCode).toBe(200);
  const aliases = await call(t.app, "GET", `/api/horses/${victimHorse.id}/aliases`, {
    cookie: victim.cookie,
  });
  const aliasId = (aliases.json() as { aliases: { id: string }[] }).aliases[0]?.id;
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
  if (!aliasId) throw new Error("the victim's horse has no remembered name");
  victimIds = {
    show: running.show.id,
    cls: "class-1",
    horse: victimHorse.id,
    result: resultId,
    device: (device.json() as { id: string }).id,
    barn: victim.id,
    org: "WHOA",
    alias: aliasId,
  };
}

export const tearDownWave3 = (): Promise<void> => t.close();
