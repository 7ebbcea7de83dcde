import { format, isValid, parseISO } from "date-fns";

const day = (ymd: string) => parseISO(ymd);

/** "Sat, Nov 28, 2026" for a one-day show; "Nov 28 – Dec 1, 2026" (or across years, both years) otherwise. */
export function formatShowDates(startDate: string, endDate: string): string {
  const start = day(startDate);
  const end = day(endDate);
  if (!isValid(start)) return startDate;
  if (!isValid(end) || startDate >= endDate) return format(start, "EEE, MMM d, yyyy");
  if (start.getFullYear() !== end.getFullYear())
    return `${format(start, "MMM d, yyyy")} – ${format(end, "MMM d, yyyy")}`;
  return `${format(start, "MMM d")} – ${format(end, "MMM d, yyyy")}`;
}

/** A class-day heading: "Saturday, November 28". */
export function formatDayHeading(ymd: string): string {
  const d = day(ymd);
  return isValid(d) ? format(d, "EEEE, MMMM d") : ymd;
}
