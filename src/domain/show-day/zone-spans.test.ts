import { TZDate } from "@date-fns/tz";
import { afterEach, describe, expect, it } from "vitest";
import { formatShowTime, showClockTime, showToday, zonedInstant } from "#domain/show-day/show-time.ts";
import { forgetZones, learnZone, zoneOffset, zoneSpans } from "#domain/show-day/zone-spans.ts";

/**
 * The printing from the day view's spans (ADR 042) against the zone rules themselves: for each zone, the
 * browser's answer with the spans learnt must be Intl's, at instants on both sides of every change.
 */
const ZONES = [
  "America/Chicago",
  "America/New_York",
  "America/Denver",
  "America/Phoenix",
  "Pacific/Honolulu",
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026's changes in the US: 8 March and 1 November, at 2 AM local.
const SPRING = Date.UTC(2026, 2, 8);
const FALL = Date.UTC(2026, 10, 1);
const FROM = Date.UTC(2026, 0, 1);
const UNTIL = Date.UTC(2027, 0, 1);

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl's own answer, formatter by formatter: the wall clock, the day and the short name at `at`. */
function intl(zone: string, at: number) {
  const parts = (options: Intl.DateTimeFormatOptions) => {
    const key = `${zone} ${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options });
      formats.set(key, format);
    }
    return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  };
  const clock = parts({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const day = parts({ year: "numeric", month: "2-digit", day: "2-digit" });
  const name = parts({ hour: "numeric", timeZoneName: "short" });
  return {
    clock: `${clock.hour}:${clock.minute}`,
    day: `${day.year}-${day.month}-${day.day}`,
    abbr: name.timeZoneName,
  };
}

/** Every 20 minutes over two days around each change, and every 7 hours 13 minutes through the year. */
const instants = [
  ...[SPRING, FALL].flatMap((change) =>
    Array.from({ length: 4 * 24 * 3 }, (_, i) => change - DAY + i * 20 * 60_000 + 7 * HOUR),
  ),
  ...Array.from(
    { length: Math.floor((UNTIL - FROM) / (7 * HOUR + 13 * 60_000)) },
    (_, i) => FROM + i * (7 * HOUR + 13 * 60_000),
  ),
];

/** Every half hour of the two days of each change, on the show's clock. */
const wallTimes = [
  ...["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"].flatMap((date) =>
    Array.from({ length: 48 }, (_, i) => [
      date,
      `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
    ]),
  ),
  ["2026-06-15", "19:00"],
  ["2026-12-24", "08:15"],
] as [string, string][];

afterEach(() => forgetZones());

describe.each(ZONES)("printing a show's times in %s", (zone) => {
  it("finds every offset change of the year, to the second", () => {
    const { spans, until } = zoneSpans(zone, FROM, UNTIL);
    expect(until).toBe(UNTIL);
    const observesDst = zone !== "America/Phoenix" && zone !== "Pacific/Honolulu";
    expect(spans.length).toBe(observesDst ? 3 : 1);
    for (const span of spans.slice(1)) {
      expect(zoneOffset(zone, span.from - 1000)).not.toBe(span.offset);
      expect(new TZDate(span.from, zone).getTimezoneOffset()).toBe(-span.offset);
      expect(intl(zone, span.from).abbr).toBe(span.abbr);
    }
  });

  it.each([
    ["with the day view's spans", true],
    ["with the zone rules alone", false],
  ])("gives Intl's clock, day and zone name at instants on both sides of each change (%s)", (_, learnt) => {
    if (learnt) learnZone(zone, zoneSpans(zone, FROM, UNTIL));
    for (const at of instants) {
      const expected = intl(zone, at);
      expect([at, showClockTime(at, zone)]).toEqual([at, expected.clock]);
      expect([at, showToday(at, zone)]).toEqual([at, expected.day]);
      expect(formatShowTime(at, zone).endsWith(` ${expected.abbr}`)).toBe(true);
    }
  });

  it("reads a time on the show's clock as TZDate does, skipped and doubled hours included", () => {
    const byRules = wallTimes.map(([date, time]) => zonedInstant(date, time, zone));
    learnZone(zone, zoneSpans(zone, FROM, UNTIL));
    const bySpans = wallTimes.map(([date, time]) => zonedInstant(date, time, zone));
    const byTzDate = wallTimes.map(([date, time]) => {
      const [y, m, d] = date.split("-").map(Number) as [number, number, number];
      const [h, min] = time.split(":").map(Number) as [number, number];
      return new TZDate(y, m - 1, d, h, min, zone).getTime();
    });
    expect(bySpans).toEqual(byTzDate);
    expect(byRules).toEqual(byTzDate);
  });

  it("asks the zone rules outside the spans it was given", () => {
    learnZone(zone, zoneSpans(zone, SPRING + 10 * DAY, SPRING + 12 * DAY));
    for (const at of [SPRING - HOUR, SPRING + 9 * HOUR, FALL + 9 * HOUR, SPRING + 11 * DAY]) {
      expect(showClockTime(at, zone)).toBe(intl(zone, at).clock);
    }
  });
});

it("keeps one span set per zone: learning Chicago's does not print New York's times with them", () => {
  learnZone("America/Chicago", zoneSpans("America/Chicago", FROM, UNTIL));
  const at = Date.UTC(2026, 5, 15, 18);
  expect(formatShowTime(at, "America/New_York")).toBe("2:00 PM EDT");
  expect(formatShowTime(at, "America/Chicago")).toBe("1:00 PM CDT");
});
