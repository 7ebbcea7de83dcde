import { addDays, format } from "date-fns";
import type { FastifyInstance } from "fastify";
import { horseNameColumns } from "#server/features/horses/horses.repository.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

let counter = 0;

const ymd = (d: Date) => format(d, "yyyy-MM-dd");
/** yyyy-mm-dd `offset` days from `from` (default today, local calendar). */
export const daysFrom = (offset: number, from: Date = new Date()): string => ymd(addDays(from, offset));

export interface TestHorse {
  id: string;
  name: string;
}

/** A horse with the given owners and trainers, straight through the data layer. */
export async function buildHorse(
  app: FastifyInstance,
  input: { name?: string; owners?: string[]; trainers?: string[] } = {},
): Promise<TestHorse> {
  counter += 1;
  const horse = { id: newId(), name: input.name ?? `Test Horse ${counter}` };
  await app.deps.db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("horse")
      .values({
        id: horse.id,
        ...horseNameColumns(horse.name),
        gender: "Mare",
        date_of_birth: "2018-04-01",
        canters: 0,
        picture_id: null,
        created_at: nowIso(),
      })
      .execute();
    const owners = input.owners ?? [];
    const trainers = input.trainers ?? [];
    if (owners.length) {
      await trx
        .insertInto("horse_owner")
        .values(owners.map((user_id) => ({ horse_id: horse.id, user_id })))
        .execute();
    }
    if (trainers.length) {
      await trx
        .insertInto("horse_trainer")
        .values(trainers.map((user_id) => ({ horse_id: horse.id, user_id })))
        .execute();
    }
  });
  return horse;
}

export interface TestClass {
  id: string;
  name: string;
  date?: string | null;
}

export interface TestShow {
  id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
  classes: TestClass[];
}

/** A show with classes (ids class-1, class-2, ... unless given) and judges. */
export async function buildEntryShow(
  app: FastifyInstance,
  input: {
    name?: string;
    location?: string;
    startDate?: string;
    endDate?: string;
    judges?: string[];
    classes?: (string | TestClass)[];
  } = {},
): Promise<TestShow> {
  counter += 1;
  const startDate = input.startDate ?? daysFrom(10);
  const show: TestShow = {
    id: newId(),
    name: input.name ?? `Entry Test Show ${counter}`,
    location: input.location ?? "Shelbyville, TN",
    startDate,
    endDate: input.endDate ?? startDate,
    classes: (input.classes ?? ["Amateur Park Pleasure", "Youth Equitation"]).map((c, i) =>
      typeof c === "string" ? { id: `class-${i + 1}`, name: c } : c,
    ),
  };
  await app.deps.db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("show")
      .values({
        id: show.id,
        name: show.name,
        start_date: show.startDate,
        end_date: show.endDate,
        location: show.location,
        sanctioning_org: "WHOA",
        is_ai_prediction: 0,
        created_at: nowIso(),
      })
      .execute();
    const judges = input.judges ?? ["Jimmy McConnell"];
    if (judges.length) {
      await trx
        .insertInto("show_judge")
        .values(judges.map((name, position) => ({ show_id: show.id, position, name })))
        .execute();
    }
    if (show.classes.length) {
      await trx
        .insertInto("show_class")
        .values(
          show.classes.map((c, position) => ({
            show_id: show.id,
            id: c.id,
            position,
            number: c.id.slice(c.id.indexOf("-") + 1),
            name: c.name,
            date: c.date ?? null,
            division_id: null,
          })),
        )
        .execute();
    }
  });
  return show;
}

/** A stored entry, bypassing the API (for roster and notification set-ups). */
export async function buildEntry(
  app: FastifyInstance,
  input: {
    userId: string;
    showId: string;
    classId: string;
    status: string;
    horseId?: string | null;
    riderId?: string | null;
  },
): Promise<string> {
  const id = newId();
  await app.deps.db.db
    .insertInto("class_entry")
    .values({
      id,
      user_id: input.userId,
      show_id: input.showId,
      class_id: input.classId,
      status: input.status,
      horse_id: input.horseId ?? null,
      rider_id: input.riderId ?? null,
      placing: null,
      created_by: input.userId,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** A mutual friendship, stored both ways as the app stores it. */
export async function befriend(app: FastifyInstance, a: string, b: string): Promise<void> {
  const created_at = nowIso();
  await app.deps.db.db
    .insertInto("friendship")
    .values([
      { user_id: a, friend_id: b, created_at },
      { user_id: b, friend_id: a, created_at },
    ])
    .execute();
}

/** The notifications stored for one user (type, message, show), straight from the database. */
export const storedNotifications = (app: FastifyInstance, userId: string) =>
  app.deps.db.db
    .selectFrom("notification")
    .select(["type", "message", "show_id"])
    .where("user_id", "=", userId)
    .execute();
