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
 * The world the attacker probes of wave 3 attack (wave3-probes.ts): a server with a victim who has
 * data worth stealing (a horse with a posted result and a remembered printed name, a push device, a
 * barn), a stranger, a steward of one running show, another running show; and the one counted way
 * to send requests.
 */

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";
export type Signed = TestUser & { cookie: string };

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
export const scheduleBody = (): ScheduleBody => ({
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

/** How a request says where it comes from: our page (default), no Origin at all, or another site. */
export type OriginChoice = "ours" | "none" | "foreign";

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
