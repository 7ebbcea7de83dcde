import { hashPassword } from "better-auth/crypto";
import { subDays, subHours } from "date-fns";
import type { Db } from "#server/db/client.ts";
import {
  DEMO_ACCOUNT_IDS_KEY,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SEEDED_KEY,
} from "#server/db/seed/demo-accounts.ts";
import { CELEBRATION_CLASSES } from "#server/db/seed/demo-classes.ts";
import { insertDemoHorses } from "#server/db/seed/demo-horses.ts";
import { seedDemoResults } from "#server/db/seed/demo-results.ts";
import { seedCelebrationSessions, seedRunningShow } from "#server/db/seed/demo-show-day.ts";
import {
  demoClassId,
  demoShowDates,
  insertDemoShows,
  insertEarlierEditions,
} from "#server/db/seed/demo-shows.ts";
import { insertPasswordUser } from "#server/db/users.ts";
import { newId } from "#server/platform/ids.ts";

/**
 * The spec's sample data with dates relative to `today`. Applied once: a marker row makes
 * a second start (or a second server racing the first) a no-op.
 */
export async function seedDemo(db: Db, today: Date = new Date()): Promise<boolean> {
  const done = await db.db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", DEMO_SEEDED_KEY)
    .executeTakeFirst();
  if (done) return false;

  const password = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const iso = now.toISOString();

  await db.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("app_meta")
      .values({ key: DEMO_SEEDED_KEY, value: iso })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;

    const userIds = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      userIds.set(
        account.email,
        // The accounts predate the sample notifications to everyone, which they would not see otherwise.
        await insertPasswordUser(trx, db.kind, {
          ...account,
          passwordHash: password,
          createdAt: subDays(now, 30),
        }),
      );
    }
    await trx
      .insertInto("app_meta")
      .values({ key: DEMO_ACCOUNT_IDS_KEY, value: JSON.stringify([...userIds.values()]) })
      .execute();
    const user = (email: string) => userIds.get(email)!;
    const admin = user("admin@ringside.demo");
    const trainer = user("trainer@ringside.demo");
    const owner = user("owner@ringside.demo");
    const rider = user("rider@ringside.demo");

    await trx
      .insertInto("friendship")
      .values([
        { user_id: owner, friend_id: rider, created_at: iso },
        { user_id: rider, friend_id: owner, created_at: iso },
        { user_id: admin, friend_id: owner, created_at: iso },
        { user_id: owner, friend_id: admin, created_at: iso },
      ])
      .execute();
    const horseIds = await insertDemoHorses(trx, { admin, trainer, owner, rider }, iso);
    const showIds = await insertDemoShows(trx, today, iso);
    const show = (key: string) => showIds.get(key)!;
    await seedCelebrationSessions(trx, show("celebration"), demoShowDates("celebration", today));
    await seedRunningShow(trx, {
      now,
      iso,
      adminId: admin,
      entries: [
        {
          userId: owner,
          horseId: horseIds.get("Midnight Masterpiece")!,
          riderId: trainer,
          status: "HorseIsShowing",
          after: 3,
        },
        {
          userId: rider,
          horseId: horseIds.get("Sundance Jubilee")!,
          riderId: rider,
          status: "HorseIsShowing",
          after: 5,
        },
      ],
    });
    const editionIds = await insertEarlierEditions(trx, today, iso);
    await seedDemoResults(trx, db.kind, { showIds: editionIds, horses: horseIds, actorId: admin });

    await trx
      .insertInto("notification")
      .values([
        {
          id: newId(),
          user_id: admin,
          type: "BarnActivity",
          message: `Wade Harlan entered Sundance Jubilee in the "${CELEBRATION_CLASSES[8]}" class at Tennessee Walking Horse National Celebration.`,
          show_id: show("celebration"),
          created_at: subHours(now, 1).toISOString(),
        },
        {
          id: newId(),
          user_id: null,
          type: "NewShow",
          message: "New show added: Celebration Spring Fun Show in Shelbyville, TN.",
          show_id: show("fun"),
          created_at: subDays(now, 1).toISOString(),
        },
        {
          id: newId(),
          user_id: null,
          type: "ShowUpdate",
          message: "Jackson County Horse Show has new judges: Tommy Hall and Debbie Vance.",
          show_id: show("jackson"),
          created_at: subDays(now, 2).toISOString(),
        },
        {
          id: newId(),
          user_id: admin,
          type: "NewQualifyingClass",
          message: "A new Youth class at Celina Lions Club Horse Show fits Sundance Jubilee.",
          show_id: show("celina"),
          created_at: subDays(now, 3).toISOString(),
        },
      ])
      .execute();

    // A few class entries so the roster, its derived entries and the show icons have something to show.
    const horse = (name: string) => horseIds.get(name)!;
    const entry = (
      user: string,
      key: string,
      index: number,
      status: string,
      horseId: string | null,
      riderId: string | null,
    ) => ({
      id: newId(),
      user_id: user,
      show_id: show(key),
      class_id: demoClassId(key, index),
      status,
      horse_id: horseId,
      rider_id: riderId,
      placing: null,
      created_by: user,
      created_at: iso,
    });
    await trx
      .insertInto("class_entry")
      .values([
        entry(owner, "celina", 11, "HorseIsShowing", horse("Midnight Masterpiece"), trainer),
        entry(rider, "celebration", 8, "HorseIsShowing", horse("Sundance Jubilee"), rider),
        entry(trainer, "celebration", 8, "CustomerIsShowing", horse("Sundance Jubilee"), rider),
        entry(admin, "fun", 7, "FriendIsShowing", horse("Midnight Masterpiece"), owner),
        entry(admin, "jackson", 3, "WatchClass", null, null),
      ])
      .execute();
  });
  return true;
}
