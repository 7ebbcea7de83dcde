import { createHash } from "node:crypto";
import { sql } from "kysely";
import {
  decideAttempt,
  type ThrottleDecision,
  type ThrottleRule,
  type ThrottleState,
} from "#domain/people/throttle.ts";
import type { Db } from "#server/db/client.ts";

type Kdb = Db["db"];

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("base64url");

const DAY_MS = 24 * 60 * 60_000;

const toState = (row: { count: number; last_at: number | string; blocked_until: number | string }) => ({
  count: Number(row.count),
  lastAt: Number(row.last_at),
  blockedUntil: Number(row.blocked_until),
});
const toRow = (s: ThrottleState) => ({ count: s.count, last_at: s.lastAt, blocked_until: s.blockedUntil });

/**
 * Counts one attempt on a throttled key, or refuses it. The row is locked for the decision (FOR UPDATE
 * on PostgreSQL; SQLite runs one write transaction at a time), so concurrent attempts, on one server or
 * several sharing PostgreSQL, count one after another. A new key starts as an all-zero row, which every
 * rule reads as "nothing yet".
 */
export async function consumeAttempt(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now: number,
): Promise<ThrottleDecision> {
  let created = false;
  const decision = await db.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("auth_throttle")
      .values({ key, count: 0, last_at: 0, blocked_until: 0 })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    const row = await trx
      .selectFrom("auth_throttle")
      .select(["count", "last_at", "blocked_until"])
      .where("key", "=", key)
      .$if(db.kind === "postgres", (qb) => qb.forUpdate())
      .executeTakeFirstOrThrow();
    const decided = decideAttempt(rule, toState(row), now);
    if (decided.allowed) {
      await trx.updateTable("auth_throttle").set(toRow(decided.next)).where("key", "=", key).execute();
    }
    return decided;
  });
  if (created)
    await db.db
      .deleteFrom("auth_throttle")
      .where("last_at", "<", now - DAY_MS)
      .execute();
  return decision;
}

/** Takes back one counted attempt (a window key's successful sign-in, or an attempt refused elsewhere). */
export async function releaseAttempt(db: Kdb, key: string): Promise<void> {
  await db
    .updateTable("auth_throttle")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

/** Forgets a key: an account's failures end with a successful sign-in. */
export async function clearAttempts(db: Kdb, key: string): Promise<void> {
  await db.deleteFrom("auth_throttle").where("key", "=", key).execute();
}

/** Demo mode: remembers the link a request sent, for the one browser holding `nonce`. */
export async function saveDemoLink(db: Kdb, nonce: string, url: string, expiresAt: number): Promise<void> {
  await db.deleteFrom("demo_link").where("expires_at", "<", Date.now()).execute();
  await db
    .insertInto("demo_link")
    .values({ nonce_hash: sha256(nonce), url, expires_at: expiresAt })
    .execute();
}

/** Demo mode: hands out the link for `nonce` once; an unknown, used or expired nonce gives nothing. */
export async function takeDemoLink(db: Kdb, nonce: string, now: number): Promise<string | null> {
  const row = await db
    .deleteFrom("demo_link")
    .where("nonce_hash", "=", sha256(nonce))
    .returning(["url", "expires_at"])
    .executeTakeFirst();
  return row && Number(row.expires_at) > now ? row.url : null;
}

const MAGIC_LINK_PREFIX = "magic-link:";

/**
 * A new magic link makes the earlier ones for the same email useless. better-auth stores each link as
 * `magic-link:<sha256 of the token>` with the email inside a JSON value; ids are time-ordered (UUIDv7),
 * so "earlier" is "smaller id", and two requests racing each other leave the newer link working.
 */
export async function supersedeEarlierMagicLinks(db: Kdb, email: string, token: string): Promise<void> {
  const current = await db
    .selectFrom("verification")
    .select("id")
    .where("identifier", "=", `${MAGIC_LINK_PREFIX}${sha256(token)}`)
    .executeTakeFirst();
  if (!current) return;
  const needle = JSON.stringify(email.toLowerCase()).replace(/[\\%_]/g, (c) => `\\${c}`);
  const candidates = await db
    .selectFrom("verification")
    .select(["id", "value"])
    .where("identifier", "like", `${MAGIC_LINK_PREFIX}%`)
    .where("id", "<", current.id)
    .where(sql<boolean>`lower(value) like ${`%${needle}%`} escape '\\'`)
    .execute();
  const earlier = candidates
    .filter((row) => magicLinkEmail(row.value) === email.toLowerCase())
    .map((r) => r.id);
  if (earlier.length) await db.deleteFrom("verification").where("id", "in", earlier).execute();
}

function magicLinkEmail(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { email?: unknown };
    return typeof parsed.email === "string" ? parsed.email.toLowerCase() : null;
  } catch {
    return null;
  }
}
