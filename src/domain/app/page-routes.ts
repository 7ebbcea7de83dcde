import { parse } from "regexparam";
import { signInPathFor } from "#domain/app/next-path.ts";
import { afterSignInPath } from "#domain/people/invite-link.ts";
import { hasRole, type Role } from "#domain/people/roles.ts";

/**
 * The spec's routes (section 2) as path routes, shared by the client's router and the server, which
 * renders the first screen and redirects where the spec says (ADR 019). One table, so the two cannot
 * disagree about what exists or who may see it.
 */
export type PageScreen =
  | "auth"
  | "roster"
  | "planner"
  | "show"
  | "horses"
  | "horse"
  | "barn"
  | "profile"
  | "admin"
  | "notifications"
  | "notificationSettings"
  | "ring"
  | "postResults"
  | "standings"
  | "print";

export interface PageRoute {
  path: string;
  screen: PageScreen;
  /** The role the screen is for; anyone else lands on the roster. */
  needs?: Role;
}

export const AUTH_PATH = "/auth";
export const HOME_PATH = "/roster";

/** The screens behind a session, in the order they are matched. */
export const SIGNED_IN_ROUTES: readonly PageRoute[] = [
  { path: "/roster", screen: "roster" },
  { path: "/planner", screen: "planner" },
  { path: "/shows/:showId", screen: "show" },
  { path: "/shows/:showId/ring", screen: "ring" },
  { path: "/shows/:showId/results", screen: "postResults" },
  { path: "/shows/:showId/print", screen: "print" },
  { path: "/horses", screen: "horses" },
  { path: "/horses/:horseId", screen: "horse" },
  { path: "/barn", screen: "barn", needs: "Trainer" },
  { path: "/profile", screen: "profile" },
  { path: "/profile/notifications", screen: "notificationSettings" },
  { path: "/admin", screen: "admin", needs: "Admin" },
  { path: "/notifications", screen: "notifications" },
  { path: "/standings", screen: "standings" },
];

/** Longer than any page address the app makes; anything beyond is treated as no route. */
export const MAX_PAGE_PATH = 512;
export const MAX_PAGE_QUERY = 2048;
/** Ids in page paths are at most this long (the API's own limit on show and horse ids). */
const MAX_PARAM = 100;

/** regexparam's pattern made case-insensitive, as the spec's links are matched whatever their case. */
export function routePattern(path: string, loose?: boolean): { pattern: RegExp; keys: string[] } {
  const { pattern, keys } = parse(path, loose);
  return { pattern: new RegExp(pattern.source, "i"), keys };
}

/** The decoded params of `pathname` on `path`, or null when it does not match or a param is malformed. */
export function matchPage(path: string, pathname: string): Record<string, string> | null {
  const { pattern, keys } = routePattern(path);
  const found = pattern.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  for (const [i, key] of keys.entries()) {
    const raw = found[i + 1] ?? "";
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (value.length === 0 || value.length > MAX_PARAM) return null;
    params[key] = value;
  }
  return params;
}

export type PageResolution =
  | { kind: "screen"; screen: PageScreen; params: Record<string, string> }
  | { kind: "redirect"; to: string };

/**
 * What a page address shows for this viewer, or where it redirects: signed out, only /auth exists (a
 * screen's address is kept as /auth?next=… so sign-in lands there, issue 34);
 * signed in, /auth opens the roster (greeting an invited customer), / and unknown paths go to /roster,
 * and /barn and /admin are only for trainers and admins. Over-long addresses count as unknown.
 */
export function resolvePage(
  pathname: string,
  search: string,
  user: { roles: readonly Role[] } | null,
): PageResolution {
  const tooLong = pathname.length > MAX_PAGE_PATH || search.length > MAX_PAGE_QUERY;
  const isAuth = !tooLong && matchPage(AUTH_PATH, pathname) !== null;
  if (!user) {
    if (isAuth) return { kind: "screen", screen: "auth", params: {} };
    const known = !tooLong && SIGNED_IN_ROUTES.some((route) => matchPage(route.path, pathname) !== null);
    return { kind: "redirect", to: known ? signInPathFor(`${pathname}${search}`, HOME_PATH) : AUTH_PATH };
  }
  if (isAuth) return { kind: "redirect", to: afterSignInPath(new URLSearchParams(search)) };
  if (tooLong) return { kind: "redirect", to: HOME_PATH };
  for (const route of SIGNED_IN_ROUTES) {
    const params = matchPage(route.path, pathname);
    if (!params) continue;
    if (route.needs && !hasRole(user, route.needs)) return { kind: "redirect", to: HOME_PATH };
    return { kind: "screen", screen: route.screen, params };
  }
  return { kind: "redirect", to: HOME_PATH };
}

/**
 * The path form of one of the spec's hash links (`#/planner?x=1` → `/planner?x=1`), or null for any
 * other fragment (an in-page anchor such as the skip link's).
 */
export function pathFromHash(hash: string): string | null {
  if (!hash.startsWith("#/")) return null;
  return hash.slice(1);
}
