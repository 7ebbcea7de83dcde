import { addDays, format } from "date-fns";
import type { Transaction } from "kysely";
import { celebrationDates, ordinal, sameWeekdayPattern } from "#domain/shows/show-prediction.ts";
import type { Database } from "#server/db/schema.ts";
import {
  CELEBRATION_CLASSES,
  CELINA_CLASSES,
  FUN_CLASSES,
  JACKSON_CLASSES,
  PAST_CLASSES,
} from "#server/db/seed/demo-classes.ts";
import { insertClasses } from "#server/db/show-classes.ts";
import { newId } from "#server/platform/ids.ts";

interface DemoShow {
  key: string;
  name: string;
  location: string;
  org: string | null;
  startOffset: number;
  endOffset: number;
  judges: string[];
  prefix: "cel" | "sfs" | "class";
  classes: readonly string[];
  /** Give classes dates, spread over the show's days; undated classes exercise the spec's date rules. */
  dated: boolean;
}

const SHOWS: DemoShow[] = [
  {
    key: "past",
    name: "Spring Pleasure Horse Jubilee",
    location: "Lewisburg, TN",
    org: "WHOA",
    startOffset: -45,
    endOffset: -45,
    judges: ["Larry Wheelon", "Sandra Medley"],
    prefix: "class",
    classes: PAST_CLASSES,
    dated: false,
  },
  {
    key: "celina",
    name: "Celina Lions Club Horse Show",
    location: "Celina, TN",
    org: "WHOA",
    startOffset: 7,
    endOffset: 7,
    judges: ["Jimmy McConnell"],
    prefix: "class",
    classes: CELINA_CLASSES,
    dated: false,
  },
  {
    key: "jackson",
    name: "Jackson County Horse Show",
    location: "Gainesboro, TN",
    org: "TWHBEA",
    startOffset: 8,
    endOffset: 8,
    judges: ["Tommy Hall", "Debbie Vance"],
    prefix: "class",
    classes: JACKSON_CLASSES,
    dated: false,
  },
  {
    key: "fun",
    name: "Celebration Spring Fun Show",
    location: "Shelbyville, TN",
    org: "TWHBEA",
    startOffset: 9,
    endOffset: 10,
    judges: ["Rita Crowell", "Bill Cantrell"],
    prefix: "sfs",
    classes: FUN_CLASSES,
    dated: true,
  },
  {
    key: "celebration",
    name: "Tennessee Walking Horse National Celebration",
    location: "Shelbyville, TN",
    org: "SHOW",
    startOffset: 120,
    endOffset: 123,
    judges: ["Steve Dunn", "Mark Farrar", "Ronal Young"],
    prefix: "cel",
    classes: CELEBRATION_CLASSES,
    dated: false,
  },
];

const ymd = (d: Date) => format(d, "yyyy-MM-dd");

/**
 * Last year's editions of two demo shows, with their classes, so AI Show Prediction has history to work
 * from at once (the spec's five sample shows stay as they are; these two are extra past shows). Celina
 * ran on the same weekday of the same week a year earlier; the Celebration on its last real dates
 * (the 11 days ending the Saturday before Labor Day) before today.
 */
interface EarlierEdition {
  of: string;
  /** Named with its edition number, as the show printed it that year. */
  name(year: number): string;
  judges: string[];
  dates(today: Date, show: { startDate: string; endDate: string }): { startDate: string; endDate: string };
}

const EARLIER_EDITIONS: EarlierEdition[] = [
  {
    of: "celina",
    name: (year) => `Celina Lions Club Horse Show (${ordinal(year - 1963)})`,
    judges: ["Bill Cantrell"],
    dates: (_today, show) => {
      const day = sameWeekdayPattern(show.startDate, -1);
      return { startDate: day, endDate: day };
    },
  },
  {
    of: "celebration",
    name: (year) => `Tennessee Walking Horse National Celebration (${ordinal(year - 1938)})`,
    judges: ["Steve Dunn", "Mark Farrar", "Ronal Young"],
    dates: (today) => {
      const thisYear = celebrationDates(today.getFullYear());
      return thisYear.endDate < ymd(today) ? thisYear : celebrationDates(today.getFullYear() - 1);
    },
  },
];

/** The display number: the Celebration marks equitation classes with an E suffix. */
function classNumber(show: DemoShow, index: number, name: string): string {
  const n = String(index + 1);
  return show.prefix === "cel" && /equitation|medal/i.test(name) ? `${n}E` : n;
}

/** A demo show's row and judges; its classes go in through insertClasses. */
async function insertShowRow(
  trx: Transaction<Database>,
  id: string,
  row: { name: string; startDate: string; endDate: string; show: DemoShow; judges: string[]; iso: string },
): Promise<void> {
  await trx
    .insertInto("show")
    .values({
      id,
      name: row.name,
      start_date: row.startDate,
      end_date: row.endDate,
      location: row.show.location,
      sanctioning_org: row.show.org,
      is_ai_prediction: 0,
      created_at: row.iso,
    })
    .execute();
  await trx
    .insertInto("show_judge")
    .values(row.judges.map((name, position) => ({ show_id: id, position, name })))
    .execute();
}

/** The demo's shows, dated from `today`, with their judges and classes; their ids by key. */
export async function insertDemoShows(
  trx: Transaction<Database>,
  today: Date,
  iso: string,
): Promise<Map<string, string>> {
  const showIds = new Map<string, string>();
  for (const show of SHOWS) {
    const id = newId();
    showIds.set(show.key, id);
    const start = addDays(today, show.startOffset);
    const days = show.endOffset - show.startOffset + 1;
    await insertShowRow(trx, id, {
      name: show.name,
      startDate: ymd(start),
      endDate: ymd(addDays(today, show.endOffset)),
      show,
      judges: show.judges,
      iso,
    });
    const perDay = Math.ceil(show.classes.length / days);
    await insertClasses(
      trx,
      id,
      show.classes.map((name, i) => ({
        id: `${show.prefix}-${classNumber(show, i, name)}`,
        name,
        date: show.dated ? ymd(addDays(start, Math.floor(i / perDay))) : null,
      })),
    );
  }
  return showIds;
}

/** The dates a demo show runs on, from `today`. */
export function demoShowDates(key: string, today: Date): { startDate: string; endDate: string } {
  const show = SHOWS.find((s) => s.key === key)!;
  return { startDate: ymd(addDays(today, show.startOffset)), endDate: ymd(addDays(today, show.endOffset)) };
}

/** Last year's Celina and Celebration, with their classes (history for AI Show Prediction); their ids. */
export async function insertEarlierEditions(
  trx: Transaction<Database>,
  today: Date,
  iso: string,
): Promise<string[]> {
  const editionIds: string[] = [];
  for (const edition of EARLIER_EDITIONS) {
    const base = SHOWS.find((s) => s.key === edition.of)!;
    const id = newId();
    editionIds.push(id);
    const dates = edition.dates(today, {
      startDate: ymd(addDays(today, base.startOffset)),
      endDate: ymd(addDays(today, base.endOffset)),
    });
    await insertShowRow(trx, id, {
      name: edition.name(Number(dates.startDate.slice(0, 4))),
      ...dates,
      show: base,
      judges: edition.judges,
      iso,
    });
    await insertClasses(
      trx,
      id,
      base.classes.map((name, i) => ({
        id: `${base.prefix}-${classNumber(base, i, name)}`,
        name,
        date: null,
      })),
    );
  }
  return editionIds;
}

/** The id of a demo show's class, by the show's key and the class's place in its list. */
export function demoClassId(key: string, index: number): string {
  const s = SHOWS.find((x) => x.key === key)!;
  return `${s.prefix}-${classNumber(s, index, s.classes[index]!)}`;
}
