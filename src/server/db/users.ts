import type { Kysely, Transaction } from "kysely";
import { type Role, serializeRoles } from "#domain/people/roles.ts";
import type { DbKind } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { newId } from "#server/platform/ids.ts";

export interface NewPasswordUser {
  id?: string;
  name: string;
  email: string;
  roles: readonly Role[];
  gender?: string | null;
  dateOfBirth?: string | null;
  /** Already hashed with better-auth's `hashPassword`, so sign-in verifies it. */
  passwordHash: string;
  /** When the account was made (default now): the demo's accounts predate its sample notifications. */
  createdAt?: Date;
}

/**
 * Writes a user and their email-and-password account the way better-auth would (its column
 * types differ per engine), for the demo seed, generated datasets and test factories.
 */
export async function insertPasswordUser(
  db: Kysely<Database> | Transaction<Database>,
  kind: DbKind,
  user: NewPasswordUser,
): Promise<string> {
  const [id] = await insertPasswordUsers(db, kind, [user]);
  return id!;
}

/** Many users at once (generated datasets): two multi-row statements per batch. Returns the ids. */
export async function insertPasswordUsers(
  db: Kysely<Database> | Transaction<Database>,
  kind: DbKind,
  users: readonly NewPasswordUser[],
): Promise<string[]> {
  const now = new Date();
  const instant = kind === "postgres" ? now : now.toISOString();
  const made = (user: NewPasswordUser) =>
    user.createdAt ? (kind === "postgres" ? user.createdAt : user.createdAt.toISOString()) : instant;
  const ids = users.map((u) => u.id ?? newId());
  for (let first = 0; first < users.length; first += 500) {
    const batch = users.slice(first, first + 500);
    await db
      .insertInto("user")
      .values(
        batch.map((user, i) => ({
          id: ids[first + i]!,
          name: user.name,
          email: user.email.toLowerCase(),
          email_verified: kind === "postgres" ? true : 1,
          image: null,
          roles: serializeRoles(user.roles),
          gender: user.gender ?? null,
          date_of_birth: user.dateOfBirth ?? null,
          photo_id: null,
          created_at: made(user),
          updated_at: made(user),
        })),
      )
      .execute();
    await db
      .insertInto("account")
      .values(
        batch.map((user, i) => ({
          id: newId(),
          user_id: ids[first + i]!,
          account_id: ids[first + i]!,
          provider_id: "credential",
          access_token: null,
          refresh_token: null,
          id_token: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          scope: null,
          password: user.passwordHash,
          created_at: instant,
          updated_at: instant,
        })),
      )
      .execute();
  }
  return ids;
}
