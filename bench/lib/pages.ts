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
