import type { Kysely } from "kysely";
import type { StandingInput } from "#domain/results/high-point.ts";
import type { Database } from "#server/db/schema.ts";

/** A horse's standing as publishing would leave it, keyed and named as the standings' rules do. */
export type StandingRowInput = Omit<StandingInput, "horseKey" | "horseName"> & {
  key: string;
  name: string;
  horseId?: string | null;
  /** The printed owner kept on the standing; none printed when not given. */
  owner?: string;
};

/**
 * Writes a division's standings as publishing would leave them (the rows, the division's count and its
 * points totals), for tests that need a table without publishing every class behind it.
 */
export async function writeStandings(
  db: Kysely<Database>,
  group: { year: number; org: string; division: string },
  horses: readonly StandingRowInput[],
): Promise<void> {
  const at = { year: group.year, org: group.org, division_id: group.division };
  await db
    .insertInto("standing")
    .values(
      horses.map((h) => ({
        ...at,
        horse_key: h.key,
        horse_id: h.horseId ?? null,
        horse_name: h.name,
        points: h.points,
        shows: h.shows,
        classes: h.classes,
        firsts: h.firsts,
        seconds: h.seconds,
        thirds: h.thirds,
        owner_name: h.owner ?? "",
      })),
    )
    .execute();
  await db
    .insertInto("standing_group")
    .values({ ...at, horses: horses.length })
    .execute();
  const totals = new Map<number, number>();
  for (const h of horses) totals.set(h.points, (totals.get(h.points) ?? 0) + 1);
  await db
    .insertInto("standing_points")
    .values([...totals].map(([points, n]) => ({ ...at, points, horses: n })))
    .execute();
}
