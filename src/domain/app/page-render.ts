import type { PageScreen } from "#domain/app/page-routes.ts";
import type { Me, PublicConfig } from "#domain/contracts/auth.ts";
import type { Invite } from "#domain/contracts/invites.ts";
import type { UnreadCount } from "#domain/contracts/notifications.ts";
import type { ShowResults, Standings } from "#domain/contracts/results.ts";
import type { Roster } from "#domain/contracts/roster.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";
import type { ShowDetail, ShowPage } from "#domain/contracts/shows.ts";

/**
 * A page rendered on the server (ADR 019), as both sides of it see it: the server (spa-shell.ts, with
 * the loaders of page-data.ts) asks the SSR bundle (src/client/entry-server.tsx) to render a screen.
 * Here, not in either, so the server never imports the client.
 */

/** The screens' data, read by the server's own services for the viewer. */
export interface PageLoaders {
  roster(today: string): Promise<Roster>;
  show(showId: string): Promise<ShowDetail>;
  /** A show's day (its live ring) as it stands at `now` (epoch ms). */
  showDay(showId: string, now: number): Promise<ShowDay>;
  /** A show's posted results and whether the viewer may post them (show detail's results card). */
  showResults(showId: string): Promise<ShowResults>;
  /** One page of the planner's list for the API querystring the planner would send. */
  showPage(query: string, cursor: string | null): Promise<ShowPage>;
  unreadCount(): Promise<UnreadCount>;
  /** The standings for the API querystring the Standings screen would send. */
  standings(query: string): Promise<Standings>;
  /** The trainer behind an invite link (no session needed). */
  invite(trainerId: string): Promise<Invite>;
}

export interface PageRequest {
  pathname: string;
  search: string;
  screen: PageScreen;
  params: Readonly<Record<string, string>>;
  user: Me | null;
  config: PublicConfig;
  /** The viewer's calendar day (#domain/app/client-day.ts). */
  today: string;
  /** The instant the page is rendered at (epoch ms): the live ring's estimates are made for it. */
  now: number;
  load: PageLoaders;
}

export interface RenderedPage {
  /** The markup of `#root`, streamed by React once everything in it is ready. */
  html: AsyncIterable<string | Uint8Array>;
  /** The queries the markup was made from (TanStack Query's dehydrated state), for the browser to hydrate. */
  queries: unknown;
}
