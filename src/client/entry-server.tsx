/**
 * The server's way into the app (ADR 019): built by Vite as an SSR bundle (`vite build --ssr`), imported
 * by the Fastify server, which calls `renderPage` for a navigation with the viewer and the screen's data
 * loaders (services called in-process, no HTTP round trip). The screen renders with React's streaming
 * renderer into the same tree the browser hydrates, from the same query keys, so the browser finds the
 * data it needs in the page and asks for none of it again.
 */
import { PassThrough } from "node:stream";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { addDays, format, parseISO } from "date-fns";
import { renderToPipeableStream } from "react-dom/server";
import { AppTree } from "#client/app/app-tree.tsx";
import { createQueryClient } from "#client/app/query-client.ts";
import { SCREENS } from "#client/app/router.tsx";
import { configQueryOptions } from "#client/features/auth/api/get-config.ts";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { inviteQueryOptions } from "#client/features/invites/api/get-invite.ts";
import { unreadCountQueryOptions } from "#client/features/notifications/api/get-unread-count.ts";
import { filtersFromParams, filtersToApiQuery } from "#client/features/planner/filters.ts";
import { showResultsQueryOptions } from "#client/features/results/api/get-show-results.ts";
import { standingsQueryOf, standingsQueryOptions } from "#client/features/results/api/get-standings.ts";
import { rosterQueryOptions } from "#client/features/roster/api/get-roster.ts";
import { showDayQueryOptions } from "#client/features/show-day/api/get-show-day.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { showListQueryOptions } from "#client/features/shows/api/list-shows.ts";
import type { PageRequest, RenderedPage } from "#domain/app/page-render.ts";
import { INVITED_BY } from "#domain/people/invite-link.ts";
import { firstCards } from "#domain/roster/first-cards.ts";

const dayAfter = (day: string, days: number) => format(addDays(parseISO(day), days), "yyyy-MM-dd");

/**
 * The live ring of each show the screen shows as on today (issue 33): the roster's cards of today, show
 * detail within a day of it (the show's own clock may be a day apart). Read for the instant the page is
 * rendered at, so its bar, "N classes away" and estimated times are in the page, not painted after
 * hydration and two fetches.
 */
function prefetchDays(queryClient: QueryClient, request: PageRequest, shows: { id: string }[]) {
  return Promise.all(
    shows.map((show) =>
      queryClient.prefetchQuery({
        ...showDayQueryOptions(show.id),
        queryFn: () => request.load.showDay(show.id, request.now),
      }),
    ),
  );
}

/** Asks for the screen's data the way the screen would, through the loaders instead of the API. */
async function prefetch(queryClient: QueryClient, request: PageRequest): Promise<void> {
  const { load, screen, params, today } = request;
  const work: Promise<unknown>[] = [];
  if (request.user) {
    work.push(queryClient.prefetchQuery({ ...unreadCountQueryOptions(), queryFn: () => load.unreadCount() }));
  }
  if (screen === "roster") {
    work.push(
      queryClient
        .fetchQuery({ ...rosterQueryOptions(today), queryFn: () => load.roster(today) })
        .then((roster) => {
          // The page carries the cards the screen draws at once; the screen asks for the rest after its
          // first screen (a steward's 78 cards were 95 KB of JSON in a page that draws six).
          const page = firstCards(roster);
          queryClient.setQueryData(rosterQueryOptions(today).queryKey, page);
          return prefetchDays(
            queryClient,
            request,
            page.sections.today.filter((show) => show.startDate <= today && today <= show.endDate),
          );
        })
        .catch(() => undefined),
    );
  } else if (screen === "show" && params.showId) {
    const showId = params.showId;
    work.push(
      queryClient
        .fetchQuery({ ...showQueryOptions(showId), queryFn: () => load.show(showId) })
        .then((show) =>
          show.startDate <= dayAfter(today, 1) && show.endDate >= dayAfter(today, -1)
            ? Promise.all([
                prefetchDays(queryClient, request, [show]),
                // The results card (and each posted class's placings) of a show that has started sits
                // above its schedule: in the page, it is drawn with the first paint instead of pushing
                // the schedule down when it arrives (issue 33's shift on today's show detail).
                show.startDate <= today
                  ? queryClient.prefetchQuery({
                      ...showResultsQueryOptions(showId),
                      queryFn: () => load.showResults(showId),
                    })
                  : undefined,
              ])
            : undefined,
        )
        .catch(() => undefined),
    );
  } else if (screen === "ring" && params.showId) {
    // Ring control's day for this viewer as the API gives it: a viewer who may not run the ring gets the
    // day that says so (the screen's refusal), an unknown show nothing (the screen asks, as before).
    const showId = params.showId;
    work.push(
      queryClient.prefetchQuery({
        ...showDayQueryOptions(showId),
        queryFn: () => load.showDay(showId, request.now),
      }),
    );
  } else if (screen === "standings") {
    const query = standingsQueryOf(new URLSearchParams(request.search));
    work.push(
      queryClient.prefetchQuery({ ...standingsQueryOptions(query), queryFn: () => load.standings(query) }),
    );
  } else if (screen === "planner") {
    const query = filtersToApiQuery(filtersFromParams(new URLSearchParams(request.search)));
    work.push(
      queryClient.prefetchInfiniteQuery({
        ...showListQueryOptions(query),
        queryFn: ({ pageParam }) => load.showPage(query, pageParam),
      }),
    );
  }
  const invitedBy = new URLSearchParams(request.search).get(INVITED_BY);
  if (screen === "auth" && invitedBy) {
    work.push(
      queryClient.prefetchQuery({ ...inviteQueryOptions(invitedBy), queryFn: () => load.invite(invitedBy) }),
    );
  }
  await Promise.all(work);
  // A screen whose data could not be read renders its loading state, and the browser asks for it.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== "success" });
}

/**
 * Renders the screen for `request` into a stream of `#root`'s markup. Rejects when React cannot render
 * it (the server then sends the page without markup, which the browser renders itself).
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // A loader's failure is its answer: the browser asks again itself.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(meQueryKey, request.user);
  queryClient.setQueryData(configQueryOptions().queryKey, request.config);
  await Promise.all([prefetch(queryClient, request), SCREENS[request.screen].preload()]);
  const html = new PassThrough();
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <AppTree
        queryClient={queryClient}
        ssr={{ pathname: request.pathname, search: request.search, today: request.today }}
        renderedAt={request.now}
      />,
      {
        // The whole screen at once, in order, so the page needs no inline script to put parts in place
        // (the CSP allows none): React would otherwise send a large part after the rest, with one.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          stream.pipe(html);
          resolve();
        },
        onShellError: reject,
        onError(error) {
          reject(error);
        },
      },
    );
  });
  return { html, queries: dehydrate(queryClient) };
}
