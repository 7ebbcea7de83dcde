import { NEXT_PARAM, safeNextPath } from "#domain/app/next-path.ts";

/**
 * A trainer's invite link opens sign-up and carries the trainer's id (`invitedBy`). The id is only ever
 * used to greet the reader by the trainer's name, which the server looks up and vouches for; see
 * docs/decisions/012-barn-invite-link.md.
 */
export const INVITED_BY = "invitedBy";

export const inviteLink = (origin: string, trainerId: string): string =>
  `${origin}/auth?mode=signup&${INVITED_BY}=${encodeURIComponent(trainerId)}`;

/**
 * Where a reader of the auth screen goes once signed in: where they were going (a safe `next` path), else
 * the roster, greeting them when a trainer invited them.
 */
export function afterSignInPath(search: URLSearchParams): string {
  const next = safeNextPath(search.get(NEXT_PARAM));
  if (next) return next;
  const inviter = search.get(INVITED_BY);
  return inviter ? `/roster?${new URLSearchParams({ [INVITED_BY]: inviter })}` : "/roster";
}

/**
 * Whether a page address carries an invitation, in its query or in an old hash link's query (an old invite
 * link is `/#/auth?mode=signup&invitedBy=…`). In demo mode such a page is not given the admin's
 * default session: the invited person came to sign up (issue 24, item 6).
 */
export function carriesInvitation(href: string): boolean {
  const url = new URL(href, "http://localhost");
  const hashQuery = url.hash.includes("?") ? url.hash.slice(url.hash.indexOf("?")) : "";
  return [url.search, hashQuery].some((query) => !!new URLSearchParams(query).get(INVITED_BY));
}
