import type {
  AdminHorse,
  AdminHorseBody,
  AdminHorseListQuery,
  AdminHorsePage,
  AdminHorseSort,
  AdminShowListQuery,
  AdminShowPage,
  AdminShowSort,
  AdminUser,
  AdminUserBody,
  AdminUserCreated,
  AdminUserListQuery,
  AdminUserPage,
  AdminUserSort,
  DeleteUserQuery,
  SoleHorses,
} from "#domain/contracts/admin.ts";
import { HORSE_GENDERS, type HorseGender } from "#domain/contracts/horses.ts";
import { USER_GENDERS } from "#domain/contracts/profile.ts";
import { parseRoles } from "#domain/people/roles.ts";
import { parseSortParam } from "#domain/sorting/table-sort.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { userDeletionTexts } from "#domain/texts/user-deletion.ts";
import type { Db } from "#server/db/client.ts";
import { type HorseAccess, peopleChoiceProblem } from "#server/features/horses/horses.policy.ts";
import {
  findHorseAccess,
  insertHorse,
  peopleOfHorses,
  replacePeople,
  updateHorseDetails,
  usersWithRoles,
} from "#server/features/horses/horses.service.ts";
import { emailTakenByOther, isUniqueViolation } from "#server/features/profile/profile.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { AppError, badRequest, conflict, denied, notFound } from "#server/platform/errors.ts";
import { ADMIN_ERRORS, roleChangeDenial, soleHorsesDenial, userDeletionDenial } from "./admin.policy.ts";
import {
  deleteHorseCascade,
  deleteUserCascade,
  divisionsOfHorses,
  findUser,
  insertUser,
  listAdminShows,
  listHorses,
  listUsers,
  otherAdminCount,
  type PageKey,
  sessionIdsOf,
  soleOwnedHorses,
  transferHorses,
  type UserRow,
  updateUser,
} from "./admin.repository.ts";

export interface AdminDeps {
  db: Db;
  /** Emails the person a sign-in link (better-auth's magic link, through the mailer). */
  sendSignInLink(email: string): Promise<void>;
  /** Drops cached sessions of these users on every app server (session-cache.ts). */
  forgetUsers(userIds: readonly string[]): Promise<void>;
  /** Announces ended sessions, so live streams holding them close (session-end.ts). */
  sessionsEnded(sessions: { id: string; userId: string }[]): Promise<void>;
  log: { warn(obj: unknown, msg?: string): void };
}

/**
 * The page cursor, opaque to clients: the list's sort and the last row's value in it and id. A cursor made
 * for another sort is refused, as a changed sort starts again at its first page.
 */
export function encodePageCursor(sort: string, key: PageKey): string {
  return Buffer.from(JSON.stringify([sort, key.value, key.id]), "utf8").toString("base64url");
}

export function decodePageCursor(cursor: string, sort: string): PageKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 3) {
      const [madeFor, key, id] = value;
      if (madeFor === sort && typeof key === "string" && typeof id === "string") return { value: key, id };
    }
  } catch {
    // falls through to the refusal below
  }
  throw badRequest("Invalid page cursor.");
}

/** A page of `limit` rows (one more was read to know whether another page follows) and its cursor. */
function page<T extends { id: string }>(rows: T[], limit: number, sort: string, keyOf: (row: T) => string) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    shown,
    nextCursor:
      rows.length > limit && last ? encodePageCursor(sort, { value: keyOf(last), id: last.id }) : null,
  };
}

const SHOW_COLUMN = { startDate: "start_date", name: "name", location: "location" } as const;

/** A page of the Admin Panel's shows; the cursor names the period and the sort it was made for. */
export async function listShowsPage(
  db: Db,
  query: AdminShowListQuery,
  today: string,
): Promise<AdminShowPage> {
  const sort = query.sort ?? (query.period === "past" ? "-startDate" : "startDate");
  const madeFor = `${query.period} ${sort}`;
  const after = query.cursor ? decodePageCursor(query.cursor, madeFor) : null;
  const { column, direction } = parseSortParam<AdminShowSort>(sort);
  const order = { column: SHOW_COLUMN[column], descending: direction === "descending" };
  const rows = await listAdminShows(db.db, {
    q: query.q,
    past: query.period === "past",
    today,
    order,
    after,
    limit: query.limit + 1,
  });
  const { shown, nextCursor } = page(rows, query.limit, madeFor, (row) => row[order.column]);
  return {
    shows: shown.map((row) => ({
      id: row.id,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      location: row.location,
      isAiPrediction: Number(row.is_ai_prediction) === 1,
    })),
    nextCursor,
  };
}

const presentUser = (row: UserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roles: parseRoles(row.roles),
  gender: (USER_GENDERS as readonly string[]).includes(row.gender ?? "")
    ? (row.gender as AdminUser["gender"])
    : null,
  dateOfBirth: row.date_of_birth,
});

export async function listUsersPage(db: Db, query: AdminUserListQuery): Promise<AdminUserPage> {
  const after = query.cursor ? decodePageCursor(query.cursor, query.sort) : null;
  const { column, direction } = parseSortParam<AdminUserSort>(query.sort);
  const order = { column, descending: direction === "descending" };
  const rows = await listUsers(db.db, { q: query.q, order, after, limit: query.limit + 1 });
  const { shown, nextCursor } = page(rows, query.limit, query.sort, (row) => row[column]);
  return { users: shown.map(presentUser), nextCursor };
}

async function userOrThrow(db: Db, id: string): Promise<UserRow> {
  const row = await findUser(db.db, id);
  if (!row) throw notFound(ADMIN_ERRORS.userNotFound);
  return row;
}

/** Adds a user and emails them a sign-in link; if the link cannot be sent, the user is not kept. */
export async function addUser(
  deps: AdminDeps,
  _admin: Viewer,
  body: AdminUserBody,
): Promise<AdminUserCreated> {
  const { db } = deps;
  if (await emailTakenByOther(db.db, body.email, "")) throw conflict(errorsTexts.emailExists);
  let id: string;
  try {
    id = await insertUser(db.db, db.kind, body);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errorsTexts.emailExists);
    throw error;
  }
  try {
    await deps.sendSignInLink(body.email.toLowerCase());
  } catch (error) {
    await db.db.deleteFrom("user").where("id", "=", id).execute();
    deps.log.warn({ err: error }, "admin: sign-in link for a new user could not be sent");
    throw new AppError(502, "BAD_GATEWAY", "The sign-in email could not be sent, so the user was not added.");
  }
  return { user: presentUser(await userOrThrow(db, id)), signInLinkSentTo: body.email.toLowerCase() };
}

/** Edits a user; the last admin cannot lose the Admin role. Cached sessions learn the new roles at once. */
export async function editUser(
  deps: AdminDeps,
  _admin: Viewer,
  id: string,
  body: AdminUserBody,
): Promise<AdminUser> {
  const { db } = deps;
  const before = await userOrThrow(db, id);
  if (await emailTakenByOther(db.db, body.email, id)) throw conflict(errorsTexts.emailExists);
  try {
    await db.db.transaction().execute(async (trx) => {
      const others = await otherAdminCount(trx, db.kind, id);
      const denial = roleChangeDenial(parseRoles(before.roles), body.roles, others);
      if (denial) throw denied(denial);
      await updateUser(trx, db.kind, id, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errorsTexts.emailExists);
    throw error;
  }
  await deps.forgetUsers([id]);
  return presentUser(await userOrThrow(db, id));
}

/** The horses a user is the only owner of: what the admin is asked about before deleting them. */
export async function listSoleHorses(db: Db, _admin: Viewer, id: string): Promise<SoleHorses> {
  if (!(await findUser(db.db, id))) throw notFound(ADMIN_ERRORS.userNotFound);
  return { horses: await soleOwnedHorses(db.db, id) };
}

/**
 * Deletes a user and all that is theirs in one transaction; their sessions end everywhere at once.
 * Horses they alone own go where the admin chose (another user, or deleted with their entries); without
 * a choice such a deletion is refused, so no horse is left without an owner.
 */
export async function removeUser(
  deps: AdminDeps,
  admin: Viewer,
  id: string,
  choice: DeleteUserQuery = {},
): Promise<{ deleted: string }> {
  const { db } = deps;
  const sessions = await db.db.transaction().execute(async (trx) => {
    const target = await findUser(trx, id);
    if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
    const denial = userDeletionDenial(admin, { id, roles: parseRoles(target.roles) });
    if (denial) throw denied(denial);
    const horses = (await soleOwnedHorses(trx, id)).map((h) => h.id);
    const horsesDenial = soleHorsesDenial(horses.length, choice, id);
    if (horsesDenial) throw denied(horsesDenial);
    if (horses.length && choice.horses === "transfer" && choice.to) {
      if (!(await findUser(trx, choice.to))) throw badRequest(userDeletionTexts.errors.newOwnerNotFound);
      await transferHorses(trx, horses, id, choice.to);
    } else if (horses.length && choice.horses === "delete") {
      for (const horse of horses) await deleteHorseCascade(trx, horse);
    }
    const ids = await sessionIdsOf(trx, id);
    await deleteUserCascade(trx, id);
    return ids;
  });
  await deps.forgetUsers([id]);
  await deps.sessionsEnded(sessions.map((sessionId) => ({ id: sessionId, userId: id })));
  return { deleted: id };
}

/* Horses */

const asGender = (value: string | null): HorseGender | null =>
  (HORSE_GENDERS as readonly string[]).includes(value ?? "") ? (value as HorseGender) : null;

export async function listHorsesPage(db: Db, query: AdminHorseListQuery): Promise<AdminHorsePage> {
  const after = query.cursor ? decodePageCursor(query.cursor, query.sort) : null;
  const sort = parseSortParam<AdminHorseSort>(query.sort);
  const column = sort.column === "dateOfBirth" ? "date_of_birth" : "name";
  const order = { column, descending: sort.direction === "descending" } as const;
  const rows = await listHorses(db.db, { q: query.q, order, after, limit: query.limit + 1 });
  const { shown, nextCursor } = page(rows, query.limit, query.sort, (row) => row[column]);
  const ids = shown.map((h) => h.id);
  const [owners, trainers, divisions] = await Promise.all([
    peopleOfHorses(db.db, "horse_owner", ids),
    peopleOfHorses(db.db, "horse_trainer", ids),
    divisionsOfHorses(db.db, ids),
  ]);
  return {
    horses: shown.map((h) => ({
      id: h.id,
      name: h.name,
      gender: asGender(h.gender),
      dateOfBirth: h.date_of_birth,
      canters: Number(h.canters) === 1,
      divisions: divisions.get(h.id) ?? [],
      owners: owners.get(h.id) ?? [],
      trainers: trainers.get(h.id) ?? [],
    })),
    nextCursor,
  };
}

async function presentHorse(db: Db, id: string): Promise<AdminHorse> {
  const row = await db.db
    .selectFrom("horse")
    .select(["id", "name", "gender", "date_of_birth", "canters"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(errorsTexts.horseNotFound);
  const [owners, trainers, divisions] = await Promise.all([
    peopleOfHorses(db.db, "horse_owner", [id]),
    peopleOfHorses(db.db, "horse_trainer", [id]),
    divisionsOfHorses(db.db, [id]),
  ]);
  return {
    id,
    name: row.name,
    gender: asGender(row.gender),
    dateOfBirth: row.date_of_birth,
    canters: Number(row.canters) === 1,
    divisions: divisions.get(id) ?? [],
    owners: owners.get(id) ?? [],
    trainers: trainers.get(id) ?? [],
  };
}

/** The horse form's rules for the people chosen: owners are not admins, trainers hold the Trainer role. */
async function checkHorsePeople(db: Db, before: HorseAccess, body: AdminHorseBody) {
  const ownerIds = [...new Set(body.ownerIds)];
  const trainerIds = [...new Set(body.trainerIds)];
  const found = await usersWithRoles(db.db, [...ownerIds, ...trainerIds]);
  const problem = peopleChoiceProblem({ viewerId: "", ownerIds, trainerIds, before, found });
  if (problem) throw badRequest(problem);
  return { ownerIds, trainerIds };
}

export async function addHorse(db: Db, _admin: Viewer, body: AdminHorseBody): Promise<AdminHorse> {
  const people = await checkHorsePeople(db, { ownerIds: [], trainerIds: [] }, body);
  const id = await db.db.transaction().execute((trx) => insertHorse(trx, { ...body, ...people }));
  return presentHorse(db, id);
}

export async function editHorse(
  db: Db,
  _admin: Viewer,
  id: string,
  body: AdminHorseBody,
): Promise<AdminHorse> {
  const before = await findHorseAccess(db.db, id);
  if (!before) throw notFound(errorsTexts.horseNotFound);
  const people = await checkHorsePeople(db, before, body);
  await db.db.transaction().execute(async (trx) => {
    await updateHorseDetails(trx, id, body);
    await replacePeople(trx, id, people.ownerIds, people.trainerIds);
  });
  return presentHorse(db, id);
}

export async function removeHorse(db: Db, _admin: Viewer, id: string): Promise<{ deleted: string }> {
  const found = await db.db.transaction().execute((trx) => deleteHorseCascade(trx, id));
  if (!found) throw notFound(errorsTexts.horseNotFound);
  return { deleted: id };
}
