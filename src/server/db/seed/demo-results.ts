import type { Transaction } from "kysely";
import type { PublishLine } from "#domain/contracts/results.ts";
import { DEFAULT_SCALE } from "#domain/results/high-point.ts";
import type { DbKind } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { writeClassResults } from "#server/features/results/results.publish.ts";

/**
 * Posted results for last year's demo editions (issue 22), so a newcomer sees placings, Show Records
 * and standings at once. Written through the same path as the API's publish (standings kept by
 * difference), without notifications: last year's results are history, not news. Invented names.
 */
const OTHER_HORSES = [
  "Silver Creek Legacy",
  "Copper Canyon Dream",
  "Blue Ridge Promise",
  "Evening Star Delight",
  "Harvest Moon Classic",
  "River Bend Majesty",
  "Southern Jubilee Gold",
  "Velvet Thunder",
  "Morning Glory Edition",
  "Stonewall Sensation",
];
const RIDERS = ["Casey Whitfield", "Jordan Reese", "Morgan Ellis", "Taylor Brooks", "Sam Calloway"];
const OWNERS = ["Whitfield Farms", "Reese Stables", "Ellis Walking Horses", "Brooks Family", "Calloway LLC"];

export async function seedDemoResults(
  trx: Transaction<Database>,
  kind: DbKind,
  input: { showIds: readonly string[]; horses: ReadonlyMap<string, string>; actorId: string },
): Promise<void> {
  const demo = [...input.horses.entries()];
  for (const showId of input.showIds) {
    const show = await trx
      .selectFrom("show")
      .select(["id", "name", "start_date", "sanctioning_org"])
      .where("id", "=", showId)
      .executeTakeFirstOrThrow();
    const classes = await trx
      .selectFrom("show_class")
      .select(["id", "number", "name", "division_id"])
      .where("show_id", "=", showId)
      .where("division_id", "is not", null)
      .orderBy("position")
      .limit(12)
      .execute();
    for (const [i, cls] of classes.entries()) {
      const size = 5 + (i % 3);
      const [demoName, demoId] = demo[i % demo.length] ?? [];
      const field = Array.from(
        { length: size },
        (_, k) => OTHER_HORSES[(i * 3 + k) % OTHER_HORSES.length] ?? "",
      );
      const lines: PublishLine[] = field.map((horse, k) => ({
        lineNo: k + 1,
        placing: k + 1,
        horse,
        rider: RIDERS[(i + k) % RIDERS.length] ?? "",
        owner: OWNERS[(i + k) % OWNERS.length] ?? "",
        horseId: null,
      }));
      // A demo horse in most classes, placed somewhere in the ribbons.
      const at = i % 4;
      const line = lines[at];
      if (demoName && demoId && line && i % 5 !== 4) {
        lines[at] = { ...line, horse: demoName, horseId: demoId };
      }
      await writeClassResults(trx, kind, {
        show,
        cls,
        lines,
        names: new Map(demo),
        scale: DEFAULT_SCALE,
        actorId: input.actorId,
        mode: { kind: "publish" },
        notify: false,
      });
    }
  }
}
