import type { Kysely, Transaction } from "kysely";
import { type Role, serializeRoles } from "#domain/roles.ts";
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
  const id = user.id ?? newId();
  const now = new Date();
  const instant = kind === "postgres" ? now : now.toISOString();
  await db
    .insertInto("user")
    .values({
      id,
      name: user.name,
      email: user.email.toLowerCase(),
      email_verified: kind === "postgres" ? true : 1,
      image: null,
      roles: serializeRoles(user.roles),
      gender: user.gender ?? null,
      date_of_birth: user.dateOfBirth ?? null,
      photo_id: null,
      created_at: instant,
      updated_at: instant,
    })
    .execute();
  await db
    .insertInto("account")
    .values({
      id: newId(),
      user_id: id,
      account_id: id,
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
    })
    .execute();
  return id;
}
