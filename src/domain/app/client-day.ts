/**
 * The viewer's calendar day on the server. The roster's sections follow the device's own midnight, so
 * the page the server renders must use the device's day, not the server's: the browser keeps its UTC
 * offset in a cookie (ADR 019), and the server works the day out from it.
 */
export const UTC_OFFSET_COOKIE = "ringside_utc_offset";

/** Real offsets run from UTC−12 to UTC+14 (Date#getTimezoneOffset: minutes to add to local time for UTC). */
const MIN_OFFSET = -14 * 60;
const MAX_OFFSET = 12 * 60;

/** The cookie's offset in minutes, or null when it is missing or not a real one. */
export function parseUtcOffset(value: string | undefined): number | null {
  if (!value || !/^-?\d{1,3}$/.test(value)) return null;
  const offset = Number(value);
  return offset >= MIN_OFFSET && offset <= MAX_OFFSET ? offset : null;
}

/** `yyyy-mm-dd` at `now` for a device whose getTimezoneOffset() is `offset`. */
export function dayAtOffset(now: Date, offset: number): string {
  const local = new Date(now.getTime() - offset * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}
