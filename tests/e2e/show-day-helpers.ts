import type { APIRequestContext, Browser } from "@playwright/test";
import { addDays, format, parseISO } from "date-fns";
import { showClockTime, showToday } from "../../src/domain/show-day/show-time.ts";
import { PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, ownerEntriesToday, personIn } from "./fixtures.ts";
import { horseIdByName } from "./horses-helpers.ts";

/** Show day's e2e set-up (issue 21), shared by the show-day specs: each test runs a show of its own. */
export const ZONE = "America/Chicago";

/** The two screens every show-day change is tried on: a 360 px phone and a 1280 px desktop. */
export const SCREENS = [
  ["phone", PHONE],
  ["desktop", { width: 1280, height: 900 }],
] as const;

/** A show running today and tomorrow (on its clock) with these classes, made through the admin's API. */
export async function createTodayShow(
  admin: APIRequestContext,
  baseURL: string,
  name: string,
  classes: { id: string; name: string }[],
): Promise<string> {
  const today = showToday(Date.now(), ZONE);
  const created = await admin.post("/api/shows", {
    headers: { origin: baseURL },
    data: {
      name,
      startDate: today,
      endDate: format(addDays(parseISO(today), 1), "yyyy-MM-dd"),
      location: "Shelbyville, TN",
      judges: ["Larry Wheelon"],
      classes,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as string;
}

/** A show on today (its clock) whose session started a minute ago, class 1 in the ring; the owner's horse in class 5. */
export async function runningShow(
  admin: APIRequestContext,
  owner: APIRequestContext,
  baseURL: string,
  name: string,
) {
  const { showId, sessionId } = await runningSession(admin, baseURL, name);
  const entry = await owner.put(`/api/shows/${showId}/classes/class-5/entries`, {
    headers: { origin: baseURL },
    data: { entries: [{ status: "HorseIsShowing", horseId: horseIdByName("Midnight Masterpiece") }] },
  });
  expect(entry.status(), await entry.text()).toBe(200);
  ownerEntriesToday.push({ showId, classId: "class-5" });
  return { showId, sessionId };
}

/** A show on today (its clock) with ten classes in one session that started a minute ago, class 1 in the ring. */
export async function runningSession(admin: APIRequestContext, baseURL: string, name: string) {
  const headers = { origin: baseURL };
  const today = showToday(Date.now(), ZONE);
  const classes = Array.from({ length: 10 }, (_, i) => ({
    id: `class-${i + 1}`,
    name: `Class ${i + 1} Walking Horses`,
  }));
  const showId = await createTodayShow(admin, baseURL, name, classes);
  const startTime = showClockTime(Math.max(Date.now() - 60_000, Date.parse(`${today}T00:00:00Z`)), ZONE);
  const schedule = await admin.put(`/api/shows/${showId}/schedule`, {
    headers,
    data: {
      timeZone: null,
      minutesPerClass: 7,
      sessions: [
        {
          name: "Evening",
          date: today,
          startTime,
          ring: "Main Ring",
          classes: classes.map((c, i) => ({ id: c.id, number: String(i + 1), name: c.name })),
        },
      ],
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
  const sessionId = (await schedule.json()).sessions[0].id as string;
  const act = (data: unknown) => admin.post(`/api/shows/${showId}/ring/actions`, { headers, data });
  expect((await act({ kind: "start-session", sessionId })).status()).toBe(200);
  expect((await act({ kind: "in-ring", sessionId, classId: "class-1", expectedInRing: null })).status()).toBe(
    200,
  );
  return { showId, sessionId };
}

/** A show on 5–6 September 2031 with these classes (ids of the test's choosing), made through the admin's API. */
export async function postShow(
  admin: APIRequestContext,
  baseURL: string,
  name: string,
  classes: { id: string; name: string }[],
): Promise<string> {
  const created = await admin.post("/api/shows", {
    headers: { origin: baseURL },
    data: {
      name,
      startDate: "2031-09-05",
      endDate: "2031-09-06",
      location: "Shelbyville, TN",
      judges: ["Larry Wheelon"],
      classes,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

/** Sets a show's sessions (7 minutes a class, the show's own zone) through the admin's API. */
export async function putSchedule(
  admin: APIRequestContext,
  baseURL: string,
  showId: string,
  body: { sessions: unknown[]; unscheduled?: unknown[] },
) {
  const res = await admin.put(`/api/shows/${showId}/schedule`, {
    headers: { origin: baseURL },
    data: { timeZone: null, minutesPerClass: 7, ...body },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res;
}

/**
 * The watch specs' cast (issue 35): a steward (the demo admin) and the demo owner signed in on phones in
 * the show's zone, and a show running today with the owner's horse in class 5.
 */
export async function stewardAndOwnerAtRunningShow(browser: Browser, baseURL: string, showName: string) {
  const steward = await personIn(browser, baseURL, DEMO.admin, { viewport: PHONE, timezoneId: ZONE });
  const owner = await personIn(browser, baseURL, DEMO.owner, { viewport: PHONE, timezoneId: ZONE });
  const show = await runningShow(steward.page.request, owner.page.request, baseURL, showName);
  return { steward, owner, ...show };
}

/** A phone's browser with no account, no cookie and no service worker: someone a live link was sent to. */
export const noAccountPhone = (browser: Browser) =>
  browser.newContext({ viewport: PHONE, timezoneId: ZONE, serviceWorkers: "block" });

/** A steward's tap on a running show's session: class 2 into the ring after class 1. */
export async function nextClassInRing(
  steward: APIRequestContext,
  baseURL: string,
  showId: string,
  sessionId: string,
) {
  const tap = await steward.post(`/api/shows/${showId}/ring/actions`, {
    headers: { origin: baseURL },
    data: { kind: "in-ring", sessionId, classId: "class-2", expectedInRing: "class-1" },
  });
  expect(tap.status()).toBe(200);
}
