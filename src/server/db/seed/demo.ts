import { hashPassword } from "better-auth/crypto";
import { addDays, format, subDays, subHours } from "date-fns";
import type { Transaction } from "kysely";
import { celebrationDates, ordinal, sameWeekdayPattern } from "#domain/shows/show-prediction.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import {
  DEMO_ACCOUNT_IDS_KEY,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SEEDED_KEY,
} from "#server/db/seed/demo-accounts.ts";
import {
  CELEBRATION_CLASSES,
  CELINA_CLASSES,
  FUN_CLASSES,
  JACKSON_CLASSES,
  PAST_CLASSES,
} from "#server/db/seed/demo-classes.ts";
import { seedDemoResults } from "#server/db/seed/demo-results.ts";
import { seedCelebrationSessions, seedRunningShow } from "#server/db/seed/demo-show-day.ts";
import { insertPasswordUser } from "#server/db/users.ts";
import { horseNameColumns } from "#server/features/horses/horses.repository.ts";
import { insertClasses } from "#server/features/shows/shows.repository.ts";
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
    const show = (key: string) => showIds.get(key)!;
    const celebration = SHOWS.find((s) => s.key === "celebration")!;
    await seedCelebrationSessions(trx, show("celebration"), {
      startDate: ymd(addDays(today, celebration.startOffset)),
      endDate: ymd(addDays(today, celebration.endOffset)),
    });
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
    const classId = (key: string, index: number) => {
      const s = SHOWS.find((x) => x.key === key)!;
      return `${s.prefix}-${classNumber(s, index, s.classes[index]!)}`;
    };
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
      class_id: classId(key, index),
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
