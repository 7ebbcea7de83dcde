/**
 * Where a person was going when the app asked them to sign in: the `next` of `/auth?next=…`, kept through
 * password sign-in, sign-up, an invitation and a magic link (issue 34, item 4). Only a path on this site
 * is ever followed; anything that a browser could read as another site, a script or a scheme is refused,
 * however it is spelled or encoded, so the parameter can never be used to send someone elsewhere.
 */
export const NEXT_PARAM = "next";

/** Longer than any page address the app makes (its path and query limits together). */
export const MAX_NEXT_PATH = 2048;

const ORIGIN = "https://ringside.invalid";
const AUTH_PREFIX = /^\/auth(?:[/?#]|$)/i;
/** Without whitespace and control characters: browsers drop or reinterpret them (`/\t/evil` is `//evil`). */
const squeeze = (value: string) =>
  [...value].filter((c) => c > " " && c !== "\x7f" && !/\s/u.test(c)).join("");
/** Starts as a path on this site however a browser reads it: not `//host`, `/\\host`, nor a scheme. */
const startsAsPath = (value: string) => /^\/(?![/\\])/.test(squeeze(value));

/**
 * `raw` as a path on this site (path and query), or null when it is missing or could be read as anything
 * else. Every decoding of it must still start as a path too (`/%2F%2Fevil.example` is refused).
 */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_NEXT_PATH || raw.includes("\\") || squeeze(raw) !== raw) return null;
  for (let layer = raw, depth = 0; startsAsPath(layer); depth += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (decoded === layer) {
      const url = new URL(raw, ORIGIN);
      return url.origin === ORIGIN ? `${url.pathname}${url.search}` : null;
    }
    if (depth === 4) return null;
    layer = decoded;
  }
  return null;
}

/** The same-site path to open after sign-in, or null; the auth screen itself is never one (no loops). */
export function safeNextPath(raw: string | null | undefined): string | null {
  const path = sameSitePath(raw);
  return path && !AUTH_PREFIX.test(path) ? path : null;
}

/** The sign-in address that returns to `path` afterwards; plain `/auth` for the home screen or an unsafe path. */
export function signInPathFor(path: string, home: string): string {
  const next = safeNextPath(path);
  if (!next || next === "/" || next === home) return "/auth";
  return `/auth?${new URLSearchParams({ [NEXT_PARAM]: next })}`;
}
