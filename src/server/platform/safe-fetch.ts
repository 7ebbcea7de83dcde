import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { ERROR_CODES } from "#domain/errors.ts";
import { AppError } from "#server/platform/errors.ts";

/**
 * Fetches a file an admin names by URL (a season calendar) without letting the server be pointed at
 * itself or its network: every address the name resolves to is checked when the connection is made
 * (so a DNS answer cannot change in between), loopback, private, link-local and other special ranges
 * are refused unless allowed, redirects are followed a few times with the same check, and the size
 * and the time are capped.
 */

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv6");

/** True for addresses a server-side fetch must not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
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
  const lookup: typeof dnsLookup = ((
    hostname: string,
    opts: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!options.allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error("private address"), { code: "PRIVATE_ADDRESS" }), []);
      }
      const all = (opts as { all?: boolean }).all;
      if (all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  }) as typeof dnsLookup;

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
