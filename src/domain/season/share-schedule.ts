import type { HorseSchedule } from "#domain/contracts/horses.ts";
import { horsesTexts } from "#domain/texts/horses.ts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Sat, Jun 7, 2026" for a yyyy-mm-dd calendar day: the day as written, whatever the device's time zone.
 * Written out rather than date-fns' `format` (6 KiB and a 40-57 ms task at 4x slowdown where the roster's
 * past results load) or `Intl.DateTimeFormat` (building the formatter was a 101 ms task at 4x the first
 * time): one fixed English pattern (issue 33, ADR 042).
 */
export function longDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day: ${day}`);
  const weekday = WEEKDAYS[date.getUTCDay()];
  const month = MONTHS[date.getUTCMonth()];
  return `${weekday}, ${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

function showDates(startDate: string, endDate: string): string {
  return startDate === endDate ? longDate(startDate) : `${longDate(startDate)} – ${longDate(endDate)}`;
}

/**
 * The read-only text of Share Schedule: the horse's upcoming shows in date order, each with its
 * dates and location, then its classes with date, number and name. Plain text, ready to paste.
 */
export function scheduleText(schedule: HorseSchedule): string {
  if (schedule.shows.length === 0) return horsesTexts.noUpcoming(schedule.horseName);
  const lines = [horsesTexts.scheduleHeading(schedule.horseName)];
  for (const show of schedule.shows) {
    lines.push("", `${show.name} (${show.location})`, showDates(show.startDate, show.endDate));
    for (const c of show.classes) lines.push(`- ${longDate(c.date)}: #${c.number} ${c.name}`);
  }
  return lines.join("\n");
}
