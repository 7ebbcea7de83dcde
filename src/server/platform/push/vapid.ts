import { createECDH } from "node:crypto";
import type { Kysely } from "kysely";
import webpush from "web-push";
import type { Database } from "#server/db/schema.ts";

/** The application server's key pair (RFC 8292), base64url without padding. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Why VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY cannot be used, naming the variable, or null when they
 * are a P-256 pair (the public key the one the private key makes).
 */
export function vapidKeyProblem(
  publicKey: string | undefined,
  privateKey: string | undefined,
): string | null {
  if (!publicKey && !privateKey) return null;
  if (!publicKey) return "VAPID_PUBLIC_KEY: is required when VAPID_PRIVATE_KEY is set";
  if (!privateKey) return "VAPID_PRIVATE_KEY: is required when VAPID_PUBLIC_KEY is set";
  const pub = BASE64URL.test(publicKey) ? Buffer.from(publicKey, "base64url") : null;
  if (pub?.length !== 65 || pub[0] !== 4) {
    return "VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key, 65 bytes in URL-safe base64 (npx web-push generate-vapid-keys)";
  }
  const priv = BASE64URL.test(privateKey) ? Buffer.from(privateKey, "base64url") : null;
  if (priv?.length !== 32) {
    return "VAPID_PRIVATE_KEY: must be a P-256 private key, 32 bytes in URL-safe base64 (npx web-push generate-vapid-keys)";
  }
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub))
      return "VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY";
  } catch {
    return "VAPID_PRIVATE_KEY: is not a valid P-256 private key";
  }
  return null;
}

/** Why VAPID_SUBJECT cannot be used (RFC 8292 wants a mailto: or https: contact), or null. */
export function vapidSubjectProblem(subject: string): string | null {
  try {
    const url = new URL(subject);
    if (url.protocol === "mailto:" && url.pathname.includes("@")) return null;
    if (url.protocol === "https:") return null;
  } catch {
    // Falls through to the message below.
  }
  return "VAPID_SUBJECT: must be a mailto: address or an https:// URL where push services can reach you";
}

/** The contact push services see: the site when it is on https, else the sender address of our mail. */
export function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith("https://")) return publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? /\S+@\S+/.exec(mailFrom)?.[0];
  return `mailto:${address ?? "no-reply@ringside.local"}`;
}

const PUBLIC = "vapid_public_key";
const PRIVATE = "vapid_private_key";

/**
 * The keys kept in the database, made at the first start. Two servers starting at once on one
 * PostgreSQL may both make a pair: the first insert wins and both read it back, so every server
 * signs with the key browsers subscribed to.
 */
export async function storedVapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const read = async () => {
    const rows = await db
      .selectFrom("app_meta")
      .select(["key", "value"])
      .where("key", "in", [PUBLIC, PRIVATE])
      .execute();
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const publicKey = value(PUBLIC);
    const privateKey = value(PRIVATE);
    return publicKey && privateKey ? { publicKey, privateKey } : null;
  };
  const found = await read();
  if (found) return found;
  const made = webpush.generateVAPIDKeys();
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("app_meta")
      .values({ key: PUBLIC, value: made.publicKey })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx.insertInto("app_meta").values({ key: PRIVATE, value: made.privateKey }).execute();
  });
  const stored = await read();
  if (!stored) throw new Error("VAPID keys could not be stored");
  return stored;
}

/** A signed VAPID JWT lives this long; push services accept at most 24 hours. */
const JWT_LIFETIME_SECONDS = 12 * 3600;
/** A cached header is renewed well before its JWT expires. */
const RENEW_BEFORE_SECONDS = 3600;

/**
 * `Authorization: vapid t=…, k=…` per push service origin, signed once and reused until near its
 * expiry: signing an ES256 JWT for each of 500 devices of one service would be 500 signatures for one
 * answer.
 */
export function vapidAuthorizer(keys: VapidKeys, subject: string, now: () => number = Date.now) {
  const cache = new Map<string, { header: string; expires: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const seconds = Math.floor(now() / 1000);
    const cached = cache.get(audience);
    if (cached && cached.expires - RENEW_BEFORE_SECONDS > seconds) return cached.header;
    const expires = seconds + JWT_LIFETIME_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      subject,
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
      expires,
    ) as { Authorization: string };
    if (cache.size > 100) cache.clear();
    cache.set(audience, { header: Authorization, expires });
    return Authorization;
  };
}
