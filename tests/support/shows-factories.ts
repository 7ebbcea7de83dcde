import { addDays, format, parseISO } from "date-fns";
import type { FastifyInstance } from "fastify";
import { insertClasses, type NewClass } from "#server/db/show-classes.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

let counter = 0;

/** yyyy-mm-dd `offset` days from today. */
export const dayFromToday = (offset: number): string => format(addDays(new Date(), offset), "yyyy-MM-dd");

export interface TestShowInput {
  name?: string;
  location?: string;
  /** Days from today; the show ends `days - 1` days later. */
  startOffset?: number;
  /** A fixed yyyy-mm-dd start instead of an offset from today. */
  startDate?: string;
  days?: number;
  sanctioningOrg?: string | null;
  isAiPrediction?: boolean;
  judges?: string[];
  /** Class names (ids class-1, class-2, ...) or full class rows. */
  classes?: (string | NewClass)[];
}

/** Inserts a show with judges and classes through the same repository code the app uses. */
export async function buildShow(app: FastifyInstance, input: TestShowInput = {}) {
  counter += 1;
  const { db } = app.deps;
  const id = newId();
  const startOffset = input.startOffset ?? 10;
  const show = {
    id,
    name: input.name ?? `Test Show ${counter}`,
    location: input.location ?? "Shelbyville, TN",
    startDate: input.startDate ?? dayFromToday(startOffset),
    endDate: input.startDate
      ? format(addDays(parseISO(input.startDate), (input.days ?? 1) - 1), "yyyy-MM-dd")
      : dayFromToday(startOffset + (input.days ?? 1) - 1),
    sanctioningOrg: input.sanctioningOrg === undefined ? "WHOA" : input.sanctioningOrg,
    judges: input.judges ?? [],
  };
  await db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("show")
      .values({
        id,
        name: show.name,
        start_date: show.startDate,
        end_date: show.endDate,
        location: show.location,
        sanctioning_org: show.sanctioningOrg,
        is_ai_prediction: input.isAiPrediction ? 1 : 0,
        created_at: nowIso(),
      })
      .execute();
    if (show.judges.length > 0) {
      await trx
        .insertInto("show_judge")
        .values(show.judges.map((name, position) => ({ show_id: id, position, name })))
        .execute();
    }
    await insertClasses(
      trx,
      id,
      (input.classes ?? []).map((c, i) => (typeof c === "string" ? { id: `class-${i + 1}`, name: c } : c)),
    );
  });
  return show;
}
