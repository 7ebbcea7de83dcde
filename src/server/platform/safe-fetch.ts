import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { AppError } from "#server/platform/errors.ts";

/**
 * Fetches a file an admin names by URL (a season calendar) without letting the server be pointed at
 * itself or its network: every address the name resolves to is checked when the connection is made
 * (so a DNS answer cannot change in between), loopback, private, link-local and other special ranges
 * are refused unless allowed, redirects are followed a few times with the same check, and the size
 * and the time are capped.
 */

/** IPv6's global unicast space; what lies outside it is not a public server's address. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * True for addresses a server-side fetch must not reach by default. ipaddr.js names the special
 * ranges (loopback, private, link-local, carrier-grade NAT, reserved, multicast, and for IPv6 also
 * unique-local and every form that carries an IPv4 address inside: mapped `::ffff:0:0/96`, NAT64
 * `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo, SIIT); only an address it calls
 * plain "unicast" is public, and in IPv6 only inside 2000::/3, which leaves out the IPv4-compatible
 * `::/96` (`::7f00:1` is 127.0.0.1) that no range name covers. An IPv4-mapped address is judged as
 * the IPv4 address it names. Anything that is not an address is refused.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== "unicast") return true;
  return parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST_V6);
}

/**
 * `dns.lookup` for sockets that must reach only public addresses: every address the name resolves to is
 * checked (any private one fails the lookup with code PRIVATE_ADDRESS), on the lookup the connection itself
 * uses, so no DNS answer can change in between. The calendar import and Web Push connect with it, and a
 * push subscription is judged with it before it is stored (`resolvesToPrivate`).
 */
export function checkedLookup(allowPrivate: boolean): typeof dnsLookup {
  return ((
    hostname: string,
    opts: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error("private address"), { code: "PRIVATE_ADDRESS" }), []);
      }
      if ((opts as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  }) as typeof dnsLookup;
}

/** How long a subscription waits for its name to resolve; a name that has not by then is judged at sending. */
const RESOLVE_TIMEOUT_MS = 3_000;

/**
 * Whether `hostname` resolves, through `checkedLookup`, to any address that is not public. A name that does
 * not resolve now (or not within the timeout) is not known to be private: sending checks it again when it
 * connects.
 */
export function resolvesToPrivate(hostname: string): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), RESOLVE_TIMEOUT_MS);
    checkedLookup(false)(hostname, { all: true }, (err) => {
      clearTimeout(timer);
      resolve((err as (Error & { code?: string }) | null)?.code === "PRIVATE_ADDRESS");
    });
  });
}

export const FETCH_ERRORS = {
  privateAddress: "That address is on a private network or this server itself; give a public calendar URL.",
  unreachable: (host: string) => `Could not reach ${host}. Check the address and try again.`,
  status: (status: number) => `The calendar address answered ${status}; check that the URL is right.`,
  timeout: "The calendar address took too long to answer.",
  tooLarge: (max: number) => `That calendar is larger than ${max / 1024 / 1024} MB.`,
  redirects: "The calendar address redirected too many times.",
} as const;

export interface SafeFetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
}

const fail = (status: number, code: string, message: string) => new AppError(status, code, message);

export async function fetchPublicFile(url: string, options: SafeFetchOptions): Promise<Buffer> {
  let current = new URL(url);
  const deadline = Date.now() + options.timeoutMs;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const answer = await getOnce(current, options, deadline);
    if ("redirect" in answer) {
      current = new URL(answer.redirect, current);
      if (current.protocol !== "http:" && current.protocol !== "https:") {
        throw fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.unreachable(current.host));
      }
      continue;
    }
    return answer.body;
  }
  throw fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.redirects);
}

function getOnce(
  url: URL,
  options: SafeFetchOptions,
  deadline: number,
): Promise<{ body: Buffer } | { redirect: string }> {
  const client = url.protocol === "https:" ? https : http;
  const lookup = checkedLookup(options.allowPrivate);

  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // A literal address never goes through lookup, so it is checked here.
    if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
      reject(fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.privateAddress));
      return;
    }
    const remaining = Math.max(1, deadline - Date.now());
    const request = client.get(
      url,
      { lookup, timeout: remaining, headers: { accept: "text/calendar, text/csv, text/plain, */*" } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.status(status)));
          return;
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          reject(fail(413, ERROR_CODES.payloadTooLarge, FETCH_ERRORS.tooLarge(options.maxBytes)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(fail(413, ERROR_CODES.payloadTooLarge, FETCH_ERRORS.tooLarge(options.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ body: Buffer.concat(chunks) }));
        response.on("error", () =>
          reject(fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.unreachable(url.host))),
        );
      },
    );
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })),
      remaining,
    );
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error: Error & { code?: string }) => {
      if (error.code === "PRIVATE_ADDRESS")
        reject(fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.privateAddress));
      else if (error.code === "ETIMEDOUT") reject(fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.timeout));
      else reject(fail(400, ERROR_CODES.badRequest, FETCH_ERRORS.unreachable(url.host)));
    });
  });
}
