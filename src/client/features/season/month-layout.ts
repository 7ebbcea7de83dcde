import {
  differenceInCalendarDays,
  eachDayOfInterval,
  eachWeekOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  max,
  min,
  parseISO,
} from "date-fns";
import type { CalendarShow } from "#domain/contracts/season.ts";

const ymd = (day: Date) => format(day, "yyyy-MM-dd");

export interface MonthLayout {
  /** yyyy-mm-dd of each day of the month. */
  days: string[];
  /** Each week: its 7 days (null outside the month) and its show bars in lanes. */
  weeks: {
    days: (string | null)[];
    bars: { show: CalendarShow; col: number; span: number; lane: number }[];
  }[];
  /** The shows on each day, in start order. */
  byDay: Map<string, CalendarShow[]>;
}

/**
 * A month laid out as weeks of show bars (pure, date-fns for the arithmetic): each show is a bar across
 * its days in each week it meets, clipped to the month; bars take the lowest free lane, earlier and
 * longer shows first.
 */
export function layoutMonth(month: string, shows: readonly CalendarShow[]): MonthLayout {
  const first = parseISO(`${month}-01`);
  const last = endOfMonth(first);
  const days = eachDayOfInterval({ start: first, end: last }).map(ymd);
  const byDay = new Map<string, CalendarShow[]>(days.map((d) => [d, []]));
  const spans = shows
    .map((show) => ({
      show,
      start: max([parseISO(show.startDate), first]),
      end: min([parseISO(show.endDate), last]),
    }))
    .filter((s) => s.start <= s.end)
    .sort((a, b) => +a.start - +b.start || +b.end - +a.end || a.show.name.localeCompare(b.show.name));
  for (const s of spans) for (const day of eachDayOfInterval(s)) byDay.get(ymd(day))?.push(s.show);
  const weeks = eachWeekOfInterval({ start: first, end: last }).map((weekStart) => {
    const weekEnd = endOfWeek(weekStart);
    const week = eachDayOfInterval({ start: weekStart, end: weekEnd }).map((d) =>
      d.getMonth() === first.getMonth() ? ymd(d) : null,
    );
    const laneEnds: number[] = [];
    const bars = [];
    for (const s of spans) {
      if (s.end < weekStart || s.start > weekEnd) continue;
      const col = differenceInCalendarDays(max([s.start, weekStart]), weekStart);
      const end = differenceInCalendarDays(min([s.end, weekEnd]), weekStart);
      let lane = laneEnds.findIndex((e) => e < col);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = end;
      bars.push({ show: s.show, col, span: end - col + 1, lane });
    }
    return { days: week, bars };
  });
  return { days, weeks, byDay };
}
