import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { PushUrgency } from "#domain/notifications/push-kinds.ts";
import { pushTexts } from "#domain/texts/push.ts";
import { createEncryptor } from "#server/platform/push/encrypt.ts";
import { checkedLookup, isPrivateAddress, resolvesToPrivate } from "#server/platform/safe-fetch.ts";

/**
 * Sends one Web Push message (RFC 8030) to a browser's push service: `web-push` encrypts it for the
 * subscription (RFC 8291, aes128gcm; in a worker thread, encrypt.ts) and we make the request, so the connection goes only to a public
 * address (checked on the address actually connected to, after DNS) unless the test flag allows.
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushRequest {
  /** The JSON text the service worker reads (src/domain/notifications/push-payload.ts). */
  message: string;
  ttlSeconds: number;
  urgency: PushUrgency;
  /** RFC 8030 Topic: the push service keeps only the newest undelivered message per topic. */
  topic: string;
}

export interface PushAnswer {
  /** The push service's status, or null when it could not be reached. */
  status: number | null;
  retryAfterSeconds: number | null;
  /** What went wrong, for the log. */
  detail: string | null;
}

const LOCAL_NAMES = /^(localhost|.*\.localhost)$/i;

/** The host of an endpoint as a resolver reads it: no IPv6 brackets, no trailing dots (`localhost.` is localhost). */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");

/**
 * Why a subscription's endpoint may not be pushed to (a person's words), or null, from the URL alone:
 * its scheme, and a host that is a local name or a literal address that is not public.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return pushTexts.errors.badEndpoint;
  }
  if (url.username || url.password) return pushTexts.errors.badEndpoint;
  if (allowPrivate)
    return url.protocol === "https:" || url.protocol === "http:" ? null : pushTexts.errors.notHttps;
  if (url.protocol !== "https:") return pushTexts.errors.notHttps;
  const host = hostOf(url);
  if (LOCAL_NAMES.test(host) || (isIP(host) && isPrivateAddress(host)))
    return pushTexts.errors.privateEndpoint;
  return null;
}

/**
 * `endpointProblem`, then the name resolved with the lookup sending connects with (issue 31, item 6):
 * a name that resolves to this machine or a private network is refused before it is stored, exactly as
 * sending would refuse it. The push service is never contacted.
 */
export async function subscriptionProblem(endpoint: string, allowPrivate: boolean): Promise<string | null> {
  const problem = endpointProblem(endpoint, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = hostOf(new URL(endpoint));
  if (isIP(host)) return null;
  return (await resolvesToPrivate(host)) ? pushTexts.errors.privateEndpoint : null;
}

function retryAfter(value: string | string[] | undefined, now: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

export interface PushSenderOptions {
  /** The VAPID Authorization header for an endpoint (vapid.ts). */
  authorize: (endpoint: string) => string;
  allowPrivate: boolean;
  timeoutMs?: number;
  onError?: (message: string) => void;
}

export function createPushSender(options: PushSenderOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Every address a name resolves to must be public, checked on the lookup the socket itself uses.
  const lookup = checkedLookup(options.allowPrivate);
  // Keep-alive: a fan-out to hundreds of devices mostly goes to one or two push services.
  const agents = {
    https: new https.Agent({ keepAlive: true, maxSockets: 32, lookup }),
    http: new http.Agent({ keepAlive: true, maxSockets: 32, lookup }),
  };

  const encryptor = createEncryptor({ onError: options.onError });

  async function send(target: PushTarget, request: PushRequest): Promise<PushAnswer> {
    const problem = endpointProblem(target.endpoint, options.allowPrivate);
    if (problem) return { status: 400, retryAfterSeconds: null, detail: problem };
    const details = await encryptor
      .encrypt({
        subscription: { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message: request.message,
        options: {
          TTL: request.ttlSeconds,
          urgency: request.urgency,
          topic: request.topic,
          contentEncoding: "aes128gcm",
          headers: { Authorization: options.authorize(target.endpoint) },
        },
      })
      .catch((error: Error) => error);
    // A message that cannot be encrypted for this device never will be: sending it again cannot help.
    if (details instanceof Error) return { status: 400, retryAfterSeconds: null, detail: details.message };
    const url = new URL(target.endpoint);
    const secure = url.protocol === "https:";
    return new Promise((resolve) => {
      const req = (secure ? https : http).request(
        url,
        {
          method: "POST",
          headers: details.headers as http.OutgoingHttpHeaders,
          agent: secure ? agents.https : agents.http,
          timeout: timeoutMs,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            // A push service's error text is short; only a little is kept for the log.
            if (size < 2048) chunks.push(chunk);
            size += chunk.length;
          });
          res.on("end", () =>
            resolve({
              status,
              retryAfterSeconds: retryAfter(res.headers["retry-after"], Date.now()),
              detail: status >= 300 ? Buffer.concat(chunks).toString("utf8").slice(0, 500) : null,
            }),
          );
          res.on("error", (error) =>
            resolve({ status: null, retryAfterSeconds: null, detail: error.message }),
          );
        },
      );
      req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
      req.on("error", (error: Error & { code?: string }) => {
        // A private address is the subscription's fault, not the network's: no retry helps.
        if (error.code === "PRIVATE_ADDRESS") {
          resolve({ status: 400, retryAfterSeconds: null, detail: pushTexts.errors.privateEndpoint });
        } else resolve({ status: null, retryAfterSeconds: null, detail: error.code ?? error.message });
      });
      req.end(details.body);
    });
  }

  return {
    send,
    async close() {
      agents.https.destroy();
      agents.http.destroy();
      await encryptor.close();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
