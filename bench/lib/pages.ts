import { BENCH_USER } from "../server.ts";

export interface BenchPage {
  name: string;
  path: string;
  /** Signed-out pages are opened without the session cookie. */
  signedIn: boolean;
}

/** The three screens whose first load is budgeted, as path routes on a server with the season. */
export async function budgetedPages(base: string, cookie: string): Promise<BenchPage[]> {
  const res = await fetch(
    `${base}/api/shows?name=${encodeURIComponent(`national celebration ${new Date().getFullYear()}`)}&limit=1`,
    { headers: { cookie } },
  );
  const bigId = ((await res.json()) as { shows: { id: string }[] }).shows[0]!.id;
  return [
    { name: "roster", path: "/roster", signedIn: true },
    { name: "planner", path: "/planner", signedIn: true },
    { name: "show detail (600 classes)", path: `/shows/${bigId}`, signedIn: true },
  ];
}

/**
 * The screens issue 33 measures on a show day beside the budgeted three: the show running now (the bench
 * user has an entry in it and stewards it, bench/lib/live-show.ts), its Ring control, and Standings.
 */
export function showDayPages(liveShowId: string): BenchPage[] {
  return [
    { name: "today's show detail", path: `/shows/${liveShowId}`, signedIn: true },
    { name: "ring control", path: `/shows/${liveShowId}/ring`, signedIn: true },
    { name: "standings", path: "/standings", signedIn: true },
  ];
}

/**
 * The two pages people without an account open (issue 35): a live link for one of the bench user's horses
 * at the show running now, and that show's public ring board. Made through the API, as a person would.
 */
export async function publicPages(base: string, cookie: string, liveShowId: string): Promise<BenchPage[]> {
  const write = (path: string, method: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const show = encodeURIComponent(liveShowId);
  const { horses } = (await (
    await fetch(`${base}/api/shows/${show}/watch-horses`, { headers: { cookie } })
  ).json()) as {
    horses: { id: string }[];
  };
  if (!horses[0]) throw new Error("the bench user has no horse to share at the show running now");
  const link = await write("/api/watch-links", "POST", {
    horseId: horses[0].id,
    showId: liveShowId,
    showRider: true,
  });
  if (!link.ok) throw new Error(`making a live link answered ${link.status}`);
  const { url } = (await link.json()) as { url: string };
  const board = await write(`/api/shows/${show}/board`, "PUT", { public: true });
  if (!board.ok) throw new Error(`making the board public answered ${board.status}`);
  return [
    { name: "watch link", path: new URL(url, base).pathname, signedIn: false },
    { name: "board (public)", path: `/shows/${show}/board`, signedIn: false },
  ];
}

/** The sign-in screen and a trainer's invite link (its sign-up screen), opened signed out (issue 20). */
export async function signedOutPages(base: string, cookie: string): Promise<BenchPage[]> {
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as {
    id: string;
    email: string;
  };
  if (me.email !== BENCH_USER.email) throw new Error("the bench user is not signed in");
  return [
    { name: "sign-in", path: "/auth", signedIn: false },
    {
      name: "invite sign-up",
      path: `/auth?mode=signup&invitedBy=${encodeURIComponent(me.id)}`,
      signedIn: false,
    },
  ];
}
