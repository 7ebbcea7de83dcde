/**
 * The people half of a generated season (scripts/generate-season.ts): users, horses with owners and
 * trainers, mutual friendships, class entries and notifications, at the scale of everyone showing
 * walking horses in a year. Rows go in as multi-row inserts in batches; one password hash is shared
 * by every generated user, since hashing 20,000 passwords would take most of the run.
 */
import { addDays, format } from "date-fns";
import type { Kysely } from "kysely";
import type { Role } from "#domain/people/roles.ts";
import { DIVISIONS } from "#domain/shows/divisions.ts";
import type { DbKind } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { insertPasswordUsers, type NewPasswordUser } from "#server/db/users.ts";
import { newId } from "#server/platform/ids.ts";

export interface GeneratedShow {
  id: string;
  name: string;
  startDate: string;
  /** Class ids are `${prefix}-1` … `${prefix}-${classCount}`. */
  classPrefix: string;
  classCount: number;
}

export interface PeopleOptions {
  users: number;
  entries: number;
  random: () => number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  passwordHash: string;
  /** The busy trainer benchmarks sign in as: horses, a dozen customers, 20 friends, 40 upcoming entries. */
  benchUser: { id: string; email: string; name: string };
  /** A typical owner: two horses, five friends, a dozen upcoming entries. */
  ownerUser: { id: string; email: string; name: string };
  today: Date;
}

const BATCH = 1000;
const HORSE_NAMES = [
  "Midnight",
  "Sundance",
  "Gen's Black Maverick",
  "Pusher's Royal Heir",
  "Honors",
  "Main Street",
  "Blue Dynasty",
  "Pride's Jubilee Star",
  "Master of Jazz",
  "Walk Time Charlie",
  "Delight's Bold Favorite",
  "Ebony Masterpiece",
];
const HORSE_GENDERS = ["Stallion", "Mare", "Gelding", "Filly", "Colt"];
const STATUS_WEIGHTS: readonly [string, number][] = [
  ["ImShowing", 30],
  ["HorseIsShowing", 25],
  ["Interested", 15],
  ["WatchClass", 15],
  ["FriendIsShowing", 10],
  ["CustomerIsShowing", 5],
];

async function insertBatches<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: rows are built for the table named beside them
      .values(rows.slice(i, i + BATCH) as any)
      .execute();
  }
}

export async function generatePeople(
  db: Kysely<Database>,
  kind: DbKind,
  shows: readonly GeneratedShow[],
  opts: PeopleOptions,
): Promise<{ users: number; horses: number; friendships: number; entries: number; notifications: number }> {
  const { random } = opts;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const ymd = (d: Date) => format(d, "yyyy-MM-dd");
  const now = opts.today.toISOString();
  const todayYmd = ymd(opts.today);

  // Users: one in ten is a trainer; the bench user is one too.
  const users: (NewPasswordUser & { id: string; roles: Role[] })[] = [
    { ...opts.benchUser, roles: ["Owner", "Trainer"], passwordHash: opts.passwordHash },
    { ...opts.ownerUser, roles: ["Owner"], passwordHash: opts.passwordHash },
  ];
  for (let i = 1; i < opts.users; i++) {
    const name = `${pick(opts.firstNames)} ${pick(opts.lastNames)}`;
    users.push({
      id: newId(),
      name,
      email: `rider${i}@season.test`,
      roles: random() < 0.1 ? ["Owner", "Trainer"] : ["Owner"],
      gender: pick(["Male", "Female", "Other"]),
      dateOfBirth: ymd(addDays(opts.today, -between(8 * 365, 75 * 365))),
      passwordHash: opts.passwordHash,
    });
  }
  await db.transaction().execute((trx) => insertPasswordUsers(trx, kind, users));
  const trainers = users.filter((u) => u.roles.includes("Trainer"));
  const bench = users[0]!;
  const owner = users[1]!;

  // Horses: about 1.2 per user, owned by one or two people, most with a trainer.
  const horsesOf = new Map<string, string[]>();
  const horses: Record<string, unknown>[] = [];
  const owners: Record<string, unknown>[] = [];
  const trainersOf: Record<string, unknown>[] = [];
  const horseDivisions: Record<string, unknown>[] = [];
  const trainerOfHorse = new Map<string, string>();
  const addHorse = (ownerIds: string[], trainerId: string | null) => {
    const id = newId();
    horses.push({
      id,
      name: `${pick(HORSE_NAMES)} ${between(1, 999)}`,
      gender: pick(HORSE_GENDERS),
      date_of_birth: ymd(addDays(opts.today, -between(365, 20 * 365))),
      canters: random() < 0.3 ? 1 : 0,
      picture_id: null,
      created_at: now,
    });
    for (const owner of ownerIds) {
      owners.push({ horse_id: id, user_id: owner });
      horsesOf.set(owner, [...(horsesOf.get(owner) ?? []), id]);
    }
    if (trainerId) {
      trainersOf.push({ horse_id: id, user_id: trainerId });
      trainerOfHorse.set(id, trainerId);
    }
    for (const division of new Set([pick(DIVISIONS).id, pick(DIVISIONS).id])) {
      horseDivisions.push({ horse_id: id, division_id: division });
    }
  };
  for (let i = 0; i < 3; i++) addHorse([bench.id], bench.id);
  for (let i = 0; i < 2; i++) addHorse([owner.id], pick(trainers).id);
  // The bench user trains a barn-sized string of customers' horses: a dozen.
  let benchCustomers = 12;
  for (const user of users.slice(2)) {
    const count = pick([0, 1, 1, 1, 2, 2, 3]);
    for (let i = 0; i < count; i++) {
      const coOwner = random() < 0.15 ? pick(users).id : null;
      const trainer = benchCustomers-- > 0 ? bench.id : random() < 0.8 ? pick(trainers).id : null;
      addHorse(coOwner && coOwner !== user.id ? [user.id, coOwner] : [user.id], trainer);
    }
  }

  // Friendships: mutual, about five per user, and twenty for the bench user.
  const pairs = new Set<string>();
  const friendsOf = new Map<string, string[]>();
  const befriend = (a: string, b: string) => {
    if (a === b || pairs.has(`${a}|${b}`)) return;
    pairs.add(`${a}|${b}`);
    pairs.add(`${b}|${a}`);
    friendsOf.set(a, [...(friendsOf.get(a) ?? []), b]);
    friendsOf.set(b, [...(friendsOf.get(b) ?? []), a]);
  };
  for (let i = 0; i < 20; i++) befriend(bench.id, pick(users).id);
  for (let i = 0; i < 5; i++) befriend(owner.id, pick(users).id);
  for (const user of users.slice(2)) for (let i = 0; i < 3; i++) befriend(user.id, pick(users.slice(2)).id);
  const friendships = [...pairs].map((p) => {
    const [user_id, friend_id] = p.split("|");
    return { user_id, friend_id, created_at: now };
  });

  // Entries: each user follows a handful of shows, several classes at each.
  const upcoming = shows.filter((s) => s.startDate >= todayYmd);
  const entries: Record<string, unknown>[] = [];
  const statusTotal = STATUS_WEIGHTS.reduce((a, [, w]) => a + w, 0);
  const pickStatus = () => {
    let r = random() * statusTotal;
    for (const [status, weight] of STATUS_WEIGHTS) {
      r -= weight;
      if (r < 0) return status;
    }
    return "Interested";
  };
  const perUser = Math.max(1, Math.round(opts.entries / users.length));
  const addEntries = (user: (typeof users)[number], count: number, pool: readonly GeneratedShow[]) => {
    const followed = Array.from({ length: Math.max(1, Math.ceil(count / 5)) }, () => pick(pool));
    for (let i = 0; i < count; i++) {
      const show = followed[i % followed.length]!;
      let status = pickStatus();
      const own = horsesOf.get(user.id) ?? [];
      if (status === "CustomerIsShowing" && !user.roles.includes("Trainer")) status = "HorseIsShowing";
      if (status === "HorseIsShowing" && own.length === 0) status = "Interested";
      const horse =
        status === "HorseIsShowing" || (status === "ImShowing" && own.length > 0) ? pick(own) : null;
      const rider =
        status === "HorseIsShowing"
          ? (trainerOfHorse.get(horse!) ?? user.id)
          : status === "FriendIsShowing"
            ? (pick(friendsOf.get(user.id) ?? [user.id]) ?? null)
            : status === "CustomerIsShowing"
              ? pick(users).id
              : status === "ImShowing"
                ? user.id
                : null;
      entries.push({
        id: newId(),
        user_id: user.id,
        show_id: show.id,
        class_id: `${show.classPrefix}-${between(1, show.classCount)}`,
        status,
        horse_id: horse,
        rider_id: rider,
        placing: null,
        created_by: user.id,
        created_at: now,
      });
    }
  };
  addEntries(bench, 40, upcoming);
  addEntries(owner, 12, upcoming);
  for (const user of users.slice(2)) addEntries(user, between(1, perUser * 2 - 1), shows);

  // Notifications: a few barn notices per user, some read, and a few for everyone.
  const notifications: Record<string, unknown>[] = [];
  const reads: Record<string, unknown>[] = [];
  const notify = (userId: string | null, ageMinutes: number) => {
    const id = newId();
    const show = pick(shows);
    notifications.push({
      id,
      user_id: userId,
      type: userId ? "BarnActivity" : "NewShow",
      message: userId ? `Someone entered a horse at ${show.name}.` : `${show.name} has been added.`,
      show_id: show.id,
      created_at: new Date(opts.today.getTime() - ageMinutes * 60_000).toISOString(),
    });
    if (userId && random() < 0.5) reads.push({ notification_id: id, user_id: userId, read_at: now });
  };
  for (let i = 0; i < 30; i++) notify(null, between(1, 60 * 24 * 300));
  for (let i = 0; i < 40; i++) notify(bench.id, between(1, 60 * 24 * 300));
  for (const user of users.slice(1)) {
    for (let i = between(0, 10); i > 0; i--) notify(user.id, between(1, 60 * 24 * 300));
  }

  await db.transaction().execute(async (trx) => {
    await insertBatches(trx, "horse", horses);
    await insertBatches(trx, "horse_owner", owners);
    await insertBatches(trx, "horse_trainer", trainersOf);
    await insertBatches(trx, "horse_division", horseDivisions);
    await insertBatches(trx, "friendship", friendships);
  });
  for (let i = 0; i < entries.length; i += 50 * BATCH) {
    await db
      .transaction()
      .execute((trx) => insertBatches(trx, "class_entry", entries.slice(i, i + 50 * BATCH)));
  }
  await db.transaction().execute(async (trx) => {
    await insertBatches(trx, "notification", notifications);
    await insertBatches(trx, "notification_read", reads);
  });
  return {
    users: users.length,
    horses: horses.length,
    friendships: friendships.length / 2,
    entries: entries.length,
    notifications: notifications.length,
  };
}
