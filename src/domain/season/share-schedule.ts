import type { HorseSchedule } from "#domain/contracts/horses.ts";
import { formatLongDate } from "#domain/dates/show-dates.ts";
import { horsesTexts } from "#domain/texts/horses.ts";

function showDates(startDate: string, endDate: string): string {
  return startDate === endDate
    ? formatLongDate(startDate)
    : `${formatLongDate(startDate)} – ${formatLongDate(endDate)}`;
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
    for (const c of show.classes) lines.push(`- ${formatLongDate(c.date)}: #${c.number} ${c.name}`);
  }
  return lines.join("\n");
}
