import { tzName } from "@date-fns/tz/tzName";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { knownZoneName, zoneOffset } from "#domain/show-day/zone-spans.ts";

/**
 * Wall-clock times at a show, in the show's IANA zone (issue 21). Session times are stored as the
 * printed prize list gives them, a calendar day and "HH:MM" on the show's clock; instants are UTC
 * milliseconds. The zone's offsets are the zone rules' (Intl, through @date-fns/tz), or the spans the day
 * view carries from the server's rules (zone-spans.ts, ADR 042: a browser printing from them loads no zone
 * data); the printing is plain arithmetic on the offset (without date-fns' `format`, 6 KiB gzipped in
 * every live screen's chunk for three fixed patterns).
 */

const pad = (n: number) => String(n).padStart(2, "0");

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAY_MS = 86_400_000;

/**
 * The instant (epoch ms) of `time` ("19:00") on `date` ("2026-08-27") in `zone`; null when either is
 * unreadable. A time the clocks skip (2:30 on the spring-forward night) is read with the offset before
 * the change (3:30), and a time they pass twice (1:30 on the fall-back night) is the first — as Date and
 * TZDate read them.
 */
export function zonedInstant(date: string, time: string, zone: string): number | null {
  const d = DAY.exec(date);
  const t = CLOCK.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  // The wall clock as if it were UTC; 30 February rolls over into March, and a day that does not exist is refused.
  const wall = Date.UTC(year, month, day, Number(t[1]), Number(t[2]));
  const check = new Date(wall);
  if (check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  const before = zoneOffset(zone, wall - DAY_MS);
  const after = zoneOffset(zone, wall + DAY_MS);
  const fits = (offset: number) => {
    const at = wall - offset * 60_000;
    return zoneOffset(zone, at) === offset ? at : null;
  };
  const early = fits(before);
  const late = before === after ? null : fits(after);
  if (early !== null && late !== null) return Math.min(early, late);
  return early ?? late ?? wall - before * 60_000;
}

const zoneNames = new Map<string, string>();

/**
 * The zone's abbreviation at `at` ("CDT"). tzName builds an Intl.DateTimeFormat on every call (a tenth
 * of a millisecond: a 1,000-line printed schedule spent 100 ms in it), and the abbreviation follows
 * from the zone and its offset at that instant: kept per zone and offset, a handful per show.
 */
function shortZoneName(zone: string, at: Date): string {
  const told = knownZoneName(zone, at.getTime());
  if (told !== undefined) return told;
  const key = `${zone}|${zoneOffset(zone, at.getTime())}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    name = tzName(zone, at, "short");
    zoneNames.set(key, name);
  }
  return name;
}

/** "7:42 PM CDT": the instant on the show's clock with the zone's abbreviation. */
export const formatShowTime = (instant: number, zone: string): string =>
  `${formatClockTime(showClockTime(instant, zone))} ${shortZoneName(zone, new Date(instant))}`;

/** "7:42 PM": the instant on the show's clock, where the abbreviation is already said nearby. */
export const formatShowClock = (instant: number, zone: string): string =>
  formatClockTime(showClockTime(instant, zone));

/** "19:05": the instant as the show's clock shows it, in the form session times are stored. */
export function showClockTime(instant: number, zone: string): string {
  // The zone's offset at that instant, once (a TZDate asks for it several times: a show's thousand
  // classes took milliseconds each time their times were printed).
  const wall = new Date(instant + zoneOffset(zone, instant) * 60_000);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The calendar day ("yyyy-mm-dd") it is at the show at `now`. */
export function showToday(now: number, zone: string): string {
  const at = new Date(now + zoneOffset(zone, now) * 60_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** The zone's abbreviation on `date` at noon ("CDT" in summer, "CST" in winter). */
export function zoneAbbreviation(zone: string, date: string): string {
  const noon = zonedInstant(date, "12:00", zone);
  return noon === null ? zone : shortZoneName(zone, new Date(noon));
}
