import { isValid, parseISO } from "date-fns";

/**
 * The notification age shown as "3 days ago". Thresholds in seconds are the spec's:
 * year 31,536,000; month 2,592,000; day 86,400; hour 3,600; minute 60; otherwise seconds.
 * The count is floor(elapsed / threshold) of the largest unit reached; singular for 1.
 * A time in the future (or an unreadable one) reads "0 seconds ago".
 */
export const RELATIVE_TIME_UNITS = [
  { unit: "year", seconds: 31_536_000 },
  { unit: "month", seconds: 2_592_000 },
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
] as const;

export function relativeTime(from: Date | string, now: Date): string {
  const then = typeof from === "string" ? parseISO(from) : from;
  const elapsedMs = isValid(then) ? now.getTime() - then.getTime() : 0;
  const elapsed = Math.max(0, Math.floor(elapsedMs / 1000)) || 0;
  for (const { unit, seconds } of RELATIVE_TIME_UNITS) {
    if (elapsed >= seconds) return phrase(Math.floor(elapsed / seconds), unit);
  }
  return phrase(elapsed, "second");
}

function phrase(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}
