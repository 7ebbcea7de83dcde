import { describe, expect, it } from "vitest";
import { formatClockTime, isClockTime } from "#domain/show-day/show-sessions.ts";
import {
  formatShowClock,
  formatShowTime,
  showToday,
  zoneAbbreviation,
  zonedInstant,
} from "#domain/show-day/show-time.ts";
import { defaultTimeZone, isTimeZone, showTimeZone, stateOfLocation } from "#domain/shows/show-time-zone.ts";

describe("a show's time zone", () => {
  it.each([
    ["Shelbyville, TN", "TN", "America/Chicago"],
    ["Murfreesboro, TN 37130", "TN", "America/Chicago"],
    ["Lexington, KY", "KY", "America/New_York"],
    ["Lexington, Kentucky", "KY", "America/New_York"],
    ["Tunica, Mississippi", "MS", "America/Chicago"],
    ["Scottsdale, AZ", "AZ", "America/Phoenix"],
    ["Perry, GA", "GA", "America/New_York"],
    ["TBD", null, "America/Chicago"],
    ["Somewhere, XX", null, "America/Chicago"],
  ])("%s → state %s, zone %s", (location, state, zone) => {
    expect(stateOfLocation(location)).toBe(state);
    expect(defaultTimeZone(location)).toBe(zone);
  });

  it("keeps a zone the admin chose over the location's", () => {
    expect(showTimeZone({ timeZone: "America/Denver", location: "Shelbyville, TN" })).toBe("America/Denver");
    expect(showTimeZone({ timeZone: null, location: "Shelbyville, TN" })).toBe("America/Chicago");
  });

  it.each([
    ["America/Chicago", true],
    ["America/Indiana/Indianapolis", true],
    ["UTC", true],
    ["Mars/Olympus", false],
    ["America/Chicago; drop table", false],
    ["", false],
  ])("isTimeZone(%j) is %s", (zone, ok) => {
    expect(isTimeZone(zone)).toBe(ok);
  });
});

describe("show clock", () => {
  it("turns a printed session time into the instant in the show's zone, daylight saving included", () => {
    expect(new Date(zonedInstant("2026-08-27", "19:00", "America/Chicago")!).toISOString()).toBe(
      "2026-08-28T00:00:00.000Z",
    );
    expect(new Date(zonedInstant("2026-01-15", "19:00", "America/Chicago")!).toISOString()).toBe(
      "2026-01-16T01:00:00.000Z",
    );
    expect(new Date(zonedInstant("2026-08-27", "09:30", "America/New_York")!).toISOString()).toBe(
      "2026-08-27T13:30:00.000Z",
    );
  });

  it.each([
    ["2026-08-27", "7 PM"],
    ["2026-08-27", "24:00"],
    ["2026-02-30", "19:00"],
    ["27/08/2026", "19:00"],
  ])("refuses %s %s", (date, time) => {
    expect(zonedInstant(date, time, "America/Chicago")).toBeNull();
  });

  it("prints times on the show's clock with the zone's abbreviation", () => {
    const at = Date.parse("2026-08-28T00:42:00Z");
    expect(formatShowTime(at, "America/Chicago")).toBe("7:42 PM CDT");
    expect(formatShowTime(at, "America/New_York")).toBe("8:42 PM EDT");
    expect(formatShowClock(at, "America/Chicago")).toBe("7:42 PM");
    expect(formatShowTime(Date.parse("2026-12-05T15:05:00Z"), "America/Chicago")).toBe("9:05 AM CST");
  });

  it.each([
    ["19:00", "7:00 PM"],
    ["00:15", "12:15 AM"],
    ["12:00", "12:00 PM"],
    ["09:05", "9:05 AM"],
  ])("formatClockTime(%s) is %s", (time, text) => {
    expect(formatClockTime(time)).toBe(text);
    expect(isClockTime(time)).toBe(true);
  });

  it("says which day it is at the show, not on the server", () => {
    const lateEvening = Date.parse("2026-08-28T03:30:00Z");
    expect(showToday(lateEvening, "America/Chicago")).toBe("2026-08-27");
    expect(showToday(lateEvening, "Europe/London")).toBe("2026-08-28");
    expect(zoneAbbreviation("America/Chicago", "2026-08-27")).toBe("CDT");
    expect(zoneAbbreviation("America/Chicago", "2026-12-27")).toBe("CST");
  });
});
