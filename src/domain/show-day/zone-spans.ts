import { tzName } from "@date-fns/tz/tzName";
import { tzOffset } from "@date-fns/tz/tzOffset";

/**
 * A zone's offsets over a stretch of time, as the server's zone rules give them, so a browser can print a
 * show's times without asking its own (issue 33, ADR 042): the first `Intl.DateTimeFormat` with a time
 * zone in a page loads ICU's zone data, 60–550 ms of one task at 4× slowdown on a phone, in the middle of
 * hydration. The day view carries the spans around its day; a screen that has them prints from them, and
 * anywhere outside them (or without them) the zone's rules are asked as before.
 */
export interface ZoneSpan {
  /** From this instant (epoch ms) until the next span's `from`. */
  from: number;
  /** Minutes east of UTC (-300 for CDT). */
  offset: number;
  /** The zone's short name ("CDT"). */
  abbr: string;
}

const HOUR = 3_600_000;
const STEP = 6 * HOUR;

/** A zone's spans, known from the first span's `from` until `until` (epoch ms). */
export interface ZoneSpans {
  spans: ZoneSpan[];
  until: number;
}

/** The zone's spans from `from` to `until`: the offset changes between them found to the second. */
export function zoneSpans(zone: string, from: number, until: number): ZoneSpans {
  const offsetAt = (at: number) => tzOffset(zone, new Date(at));
  const span = (at: number): ZoneSpan => ({
    from: at,
    offset: offsetAt(at),
    abbr: tzName(zone, new Date(at), "short"),
  });
  const spans = [span(from)];
  // Offsets change at most a few times a year, never twice in six hours.
  for (let at = from; at < until; at += STEP) {
    const next = Math.min(at + STEP, until);
    if (offsetAt(next) === spans.at(-1)!.offset) continue;
    let [same, changed] = [at, next];
    while (changed - same > 1000) {
      const mid = Math.floor((same + changed) / 2000) * 1000;
      if (offsetAt(mid) === spans.at(-1)!.offset) same = mid;
      else changed = mid;
    }
    spans.push(span(changed));
  }
  return { spans, until };
}

const known = new Map<string, ZoneSpans>();

/** Keeps a zone's spans (from the day view) for the printing below; a newer set replaces the older. */
export function learnZone(zone: string, spans: ZoneSpans | undefined): void {
  if (spans && spans.spans.length > 0) known.set(zone, spans);
}

/** The known span of `zone` at `at`, or undefined when none covers it. */
function spanAt(zone: string, at: number): ZoneSpan | undefined {
  const zoneSpans = known.get(zone);
  if (!zoneSpans || at >= zoneSpans.until) return undefined;
  const { spans } = zoneSpans;
  for (let i = spans.length - 1; i >= 0; i--) if (at >= spans[i]!.from) return spans[i];
  return undefined;
}

/** Minutes east of UTC in `zone` at `at`: from the known spans, else the zone's rules (Intl). */
export function zoneOffset(zone: string, at: number): number {
  return spanAt(zone, at)?.offset ?? tzOffset(zone, new Date(at));
}

/** The zone's short name at `at` ("CDT"), from the known spans when they cover it, else undefined. */
export function knownZoneName(zone: string, at: number): string | undefined {
  return spanAt(zone, at)?.abbr;
}

/** Forgets every learnt zone (for tests). */
export function forgetZones(): void {
  known.clear();
}
