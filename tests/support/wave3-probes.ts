import type { LightMyRequestResponse } from "fastify";
import { newId } from "#server/platform/ids.ts";
import { showDay } from "#tests/support/show-day-factories.ts";
import {
  admin,
  attacker,
  type Ids,
  line,
  type Method,
  type OriginChoice,
  running,
  type Signed,
  scheduleBody,
  send,
  subscription,
  t,
  VICTIM_ZONE,
  victim,
  victimEndpoint,
  victimIds,
} from "#tests/support/wave3-world.ts";

/**
 * The attacker probes of wave 3 (results, standings, points scales, show day, push, the season calendar
 * and printed schedule): every route as a probe with the victim's ids, a victim with data worth
 * stealing, a stranger, a steward of one show, and one counted way to send requests. Used by
 * src/server/http/attacker-wave3.test.ts (who may do what) and bad-input-wave3.test.ts (what input does).
 */

/**
 * Who may use a route: anyone signed in; admins and the show's stewards; admins; each person for
 * their own data; only the victim (their device, their result, their barn).
 */
export type Access = "anyone" | "steward" | "admin" | "self" | "victim";

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
    route: "/api/shows/{showId}/classes/{classId}/results/withdraw",
    access: "steward",
    url: (i) => `${classUrl(i)}/withdraw`,
    body: () => ({ version: 1 }),
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
    route: "/api/admin/points-scales",
    access: "admin",
    url: () => "/api/admin/points-scales",
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
    method: "GET",
    route: "/api/show-day/events",
    access: "anyone",
    url: (i) => `/api/show-day/events?shows=${i.show}`,
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

/** One file as multipart/form-data, as a browser's FormData sends it. */
export function multipart(bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----probe${newId().replaceAll("-", "")}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
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
