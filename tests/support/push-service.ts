import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service stand-in (RFC 8030) on 127.0.0.1, for tests and the benchmark: it hands out
 * subscriptions whose keys it made, and for every push it receives checks the VAPID token and key
 * (RFC 8292), the TTL, Urgency, Topic and encoding headers and the size, then decrypts the payload
 * with the subscription's private key (RFC 8291 over RFC 8188, aes128gcm) — all with node:crypto,
 * never with the library that encrypted it. It answers 201, or what the test asked for (404, 410,
 * 429, 500 …). A push that fails a check is answered 400 and listed in `rejected`.
 */

export interface StandInSubscription {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** What the stand-in answered. */
  status: number;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The decrypted payload, parsed. */
  message: { title: string; body: string; url: string; tag: string };
  bodyBytes: number;
  jwt: { aud: string; exp: number; sub: string };
  at: number;
}

interface Answer {
  status: number;
  retryAfter?: string;
}

interface Held {
  /** The application server key the browser subscribed with (a real service refuses any other). */
  vapidKey: string | null;
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  answers: Answer[];
}

const URGENCIES = new Set(["very-low", "low", "normal", "high"]);

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** An uncompressed P-256 point as a public key object (for ES256 verification). */
function publicKeyFromPoint(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new Error("not an uncompressed P-256 point");
  return createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: "jwk",
  });
}

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<key>`, an ES256 JWT for this origin, valid now and for ≤ 24 h. */
function checkVapid(header: string | undefined, audience: string, expectedKey: string | null) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [token, key] = [match[1], match[2]];
  if (expectedKey !== null && key !== expectedKey)
    throw new Error("VAPID key is not the one subscribed with");
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) throw new Error("JWT is not three parts");
  const header64 = JSON.parse(Buffer.from(head, "base64url").toString("utf8"));
  if (header64.alg !== "ES256") throw new Error(`JWT alg is ${header64.alg}`);
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKeyFromPoint(Buffer.from(key, "base64url")), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("JWT signature does not verify with k");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Error(`JWT aud ${claims.aud} is not ${audience}`);
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600) {
    throw new Error(`JWT exp ${claims.exp} is not within the next 24 hours`);
  }
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error(`JWT sub ${claims.sub} is not mailto: or https:`);
  }
  return claims as ReceivedPush["jwt"];
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the subscription's keys. */
function decrypt(body: Buffer, held: Held): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error("more than one record");
  const ecdhSecret = held.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), held.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, held.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (padded[end - 1] !== 2) throw new Error("last record lacks its 0x02 delimiter");
  return padded.subarray(0, end - 1).toString("utf8");
}

/** RFC 8030 §5 and RFC 8292: what a push request must carry, and the message it decrypts to. */
function check(
  sub: Held,
  audience: string,
  headers: IncomingMessage["headers"],
  body: Buffer,
): Omit<ReceivedPush, "subscriptionId" | "status" | "at"> {
  const jwt = checkVapid(headers.authorization, audience, sub.vapidKey);
  if (!/^\d+$/.test(String(headers.ttl))) throw new Error(`TTL ${headers.ttl}`);
  const urgency = String(headers.urgency ?? "normal");
  if (!URGENCIES.has(urgency)) throw new Error(`Urgency ${urgency}`);
  const topic = (headers.topic as string | undefined) ?? null;
  if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Error(`Topic ${topic}`);
  if (headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
  const message = JSON.parse(decrypt(body, sub));
  return { ttl: Number(headers.ttl), urgency, topic, message, bodyBytes: body.length, jwt };
}

/**
 * `deferChecks`: answer at once and check (decrypt) later, in `checkDeferred()`, as a remote push
 * service's work never weighs on our machine; the benchmark times the server, not the stand-in.
 */
export async function startPushService(options: { deferChecks?: boolean } = {}) {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const rejected: { subscriptionId: string; reason: string }[] = [];
  const deferred: {
    id: string;
    headers: IncomingMessage["headers"];
    body: Buffer;
    status: number;
    at: number;
  }[] = [];
  const waiters = new Set<() => void>();
  let accepted = 0;

  const record = (
    id: string,
    headers: IncomingMessage["headers"],
    body: Buffer,
    status: number,
    at: number,
  ) => {
    const sub = held.get(id);
    try {
      if (!sub) throw new Error("unknown subscription");
      received.push({ subscriptionId: id, status, at, ...check(sub, url, headers, body) });
      return true;
    } catch (error) {
      rejected.push({ subscriptionId: id, reason: (error as Error).message });
      return false;
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const sub = held.get(id);
      const answer = (status: number, retryAfter?: string) => {
        res.writeHead(status, retryAfter ? { "retry-after": retryAfter } : {});
        res.end();
        for (const wake of waiters) wake();
      };
      if (req.method !== "POST" || !sub) return answer(404);
      const body = Buffer.concat(chunks);
      if (body.length > 4096) {
        rejected.push({ subscriptionId: id, reason: `payload of ${body.length} bytes` });
        return answer(413);
      }
      const reply = sub.answers.shift() ?? { status: 201 };
      accepted += 1;
      if (options.deferChecks) {
        deferred.push({ id, headers: req.headers, body, status: reply.status, at: Date.now() });
        return answer(reply.status, reply.retryAfter);
      }
      if (!record(id, req.headers, body, reply.status, Date.now())) return answer(400);
      return answer(reply.status, reply.retryAfter);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    rejected,
    /** Pushes answered so far (checked or waiting to be, with deferChecks). */
    accepted: () => accepted,
    /** With deferChecks: checks and decrypts what arrived, into `received` or `rejected`. */
    checkDeferred() {
      for (const push of deferred.splice(0)) record(push.id, push.headers, push.body, push.status, push.at);
    },
    /**
     * A new browser subscription on this service, with keys only the stand-in holds; given the
     * application server key it was made with, pushes signed with another key are refused.
     */
    subscribe(vapidPublicKey: string | null = null): StandInSubscription {
      const id = randomBytes(12).toString("base64url");
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      held.set(id, { vapidKey: vapidPublicKey, ecdh, publicKey, authSecret, answers: [] });
      return {
        id,
        json: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
        },
      };
    },
    /** The next pushes to this subscription are answered with these statuses, in order. */
    answerNext(subscriptionId: string, ...answers: (number | Answer)[]) {
      held
        .get(subscriptionId)
        ?.answers.push(...answers.map((a) => (typeof a === "number" ? { status: a } : a)));
    },
    /** Forgets a subscription: pushes to it are answered 404, as for one the browser dropped. */
    forget(subscriptionId: string) {
      held.delete(subscriptionId);
    },
    for: (subscriptionId: string) => received.filter((r) => r.subscriptionId === subscriptionId),
    /** Resolves once `predicate` holds, checked after each push (or rejects after `ms`). */
    waitFor(predicate: () => boolean, ms = 10_000): Promise<void> {
      if (predicate()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`push service: condition not met in ${ms} ms (${received.length} received)`));
        }, ms);
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;
