import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { PeopleQuery } from "#domain/people/people-search.ts";
import type { Database } from "#server/db/schema.ts";
import { allWordsLike } from "#server/db/word-search.ts";

/**
 * Who a person may find (issue 34, item 7; ADR 034), shared by Add Friends and the entry dialog's rider
 * search: the people they know (friends, a friend request either way, their barn: anyone who owns or
 * trains a horse they own or train), and beyond them only accounts that chose to be findable. Someone who
 * blocked the searcher is never found. Never more than `limit` rows.
 */
type Executor = Kysely<Database> | Transaction<Database>;
type UserEb = ExpressionBuilder<Database & { u: Database["user"] }, "u">;

const horsePeople = (db: Executor) =>
  db
    .selectFrom("horse_owner")
    .select(["horse_id", "user_id"])
    .unionAll(db.selectFrom("horse_trainer").select(["horse_id", "user_id"]));

/**
 * Conditions on `user as u`: the people `viewerId` knows — friends and barn, and with `requests` also
 * anyone with a friend request either way.
 */
export function knownBy(db: Executor, eb: UserEb, viewerId: string, requests = true) {
  const friend = eb.exists(
    eb
      .selectFrom("friendship as f")
      .select("f.user_id")
      .where("f.user_id", "=", viewerId)
      .whereRef("f.friend_id", "=", "u.id"),
  );
  const barn = eb(
    "u.id",
    "in",
    db
      .selectFrom(horsePeople(db).as("p"))
      .select("p.user_id")
      .where(
        "p.horse_id",
        "in",
        db
          .selectFrom(horsePeople(db).as("mine"))
          .select("mine.horse_id")
          .where("mine.user_id", "=", viewerId),
      ),
  );
  if (!requests) return eb.or([friend, barn]);
  return eb.or([
    friend,
    barn,
    eb.exists(
      eb
        .selectFrom("friend_request as sent")
        .select("sent.requester_id")
        .where("sent.requester_id", "=", viewerId)
        .whereRef("sent.addressee_id", "=", "u.id"),
    ),
    eb.exists(
      eb
        .selectFrom("friend_request as got")
        .select("got.requester_id")
        .where("got.addressee_id", "=", viewerId)
        .whereRef("got.requester_id", "=", "u.id"),
    ),
  ]);
}

/** Conditions on `user as u`: what the query asks for (every word of a name, or the exact email). */
function matching(eb: UserEb, query: Exclude<PeopleQuery, { kind: "tooShort" }>) {
  return query.kind === "email"
    ? eb(eb.fn("lower", ["u.email"]), "=", query.email)
    : eb.and(allWordsLike("u.name", query.text));
}

/** The ids of the people `viewerId` may find with `query`, known people first, then by name. */
export async function findableIds(
  db: Executor,
  viewerId: string,
  query: PeopleQuery,
  limit: number,
): Promise<{ id: string; known: boolean }[]> {
  if (query.kind === "tooShort") return [];
  const rows = await db
    .selectFrom("user as u")
    .where("u.id", "<>", viewerId)
    .where((eb) => matching(eb, query))
    .where((eb) => eb.or([eb("u.findable", "=", 1), knownBy(db, eb, viewerId)]))
    .where(
      "u.id",
      "not in",
      db.selectFrom("user_block").select("blocker_id").where("blocked_id", "=", viewerId),
    )
    .select((eb) => [
      "u.id",
      eb
        .case()
        .when(knownBy(db, eb, viewerId))
        .then(1)
        .else(0)
        .end()
        .as("known"),
    ])
    .orderBy("known", "desc")
    .orderBy("u.name")
    .orderBy("u.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, known: Number(r.known) === 1 }));
}

/** What tells people of the same name apart: their town, and their barn (the trainers of the horses they own). */
export async function distinguishing(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { town: string | null; barn: string | null }>> {
  const result = new Map<string, { town: string | null; barn: string | null }>();
  if (ids.length === 0) return result;
  const list = [...ids];
  const towns = await db.selectFrom("user").select(["id", "town"]).where("id", "in", list).execute();
  for (const row of towns) result.set(row.id, { town: row.town, barn: null });
  const barns = await db
    .selectFrom("horse_owner as o")
    .innerJoin("horse_trainer as t", "t.horse_id", "o.horse_id")
    .innerJoin("user as trainer", "trainer.id", "t.user_id")
    .where("o.user_id", "in", list)
    .whereRef("t.user_id", "<>", "o.user_id")
    .select(["o.user_id", "trainer.name"])
    .distinct()
    .orderBy("trainer.name")
    .execute();
  for (const row of barns) {
    const person = result.get(row.user_id);
    if (person && person.barn === null) person.barn = row.name;
  }
  return result;
}

/** The viewer and the people they know well enough to name as a rider: friends and barn, owners or trainers. */
export async function knownRiders(db: Executor, viewerId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("user as u")
    .where((eb) => eb.or([eb("u.id", "=", viewerId), knownBy(db, eb, viewerId, false)]))
    .where((eb) => eb.or([eb("u.roles", "like", "%Owner%"), eb("u.roles", "like", "%Trainer%")]))
    .select(["u.id", "u.name"])
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
}
