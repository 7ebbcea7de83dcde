import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { horseNameColumns } from "#server/features/horses/horses.service.ts";
import { newId } from "#server/platform/ids.ts";

/** The demo's three horses with their owners, trainers and divisions; their ids by name. */
export async function insertDemoHorses(
  trx: Transaction<Database>,
  people: { admin: string; trainer: string; owner: string; rider: string },
  iso: string,
): Promise<Map<string, string>> {
  const { admin, trainer, owner, rider } = people;
  const horses = [
    {
      name: "Midnight Masterpiece",
      gender: "Gelding",
      dob: "2017-05-02",
      canters: 0,
      owners: [owner],
      trainers: [trainer],
      divisions: ["amateur", "park-pleasure", "aged"],
    },
    {
      name: "Sundance Jubilee",
      gender: "Mare",
      dob: "2020-04-18",
      canters: 1,
      owners: [admin, rider],
      trainers: [trainer],
      divisions: ["youth", "country-pleasure", "trail-pleasure"],
    },
    {
      name: "Gold Rush Delight",
      gender: "Stallion",
      dob: "2023-03-09",
      canters: 0,
      owners: [trainer],
      trainers: [trainer],
      divisions: ["two-year-old", "performance"],
    },
  ];
  const horseIds = new Map<string, string>();
  for (const h of horses) {
    const id = newId();
    horseIds.set(h.name, id);
    await trx
      .insertInto("horse")
      .values({
        id,
        ...horseNameColumns(h.name),
        gender: h.gender,
        date_of_birth: h.dob,
        canters: h.canters,
        picture_id: null,
        created_at: iso,
      })
      .execute();
    await trx
      .insertInto("horse_owner")
      .values(h.owners.map((u) => ({ horse_id: id, user_id: u })))
      .execute();
    await trx
      .insertInto("horse_trainer")
      .values(h.trainers.map((u) => ({ horse_id: id, user_id: u })))
      .execute();
    await trx
      .insertInto("horse_division")
      .values(h.divisions.map((d) => ({ horse_id: id, division_id: d })))
      .execute();
  }
  return horseIds;
}
