/**
 * The server's way into the app (ADR 019): built by Vite as an SSR bundle (`vite build --ssr`), imported
 * by the Fastify server, which calls `renderPage` for a navigation with the viewer and the screen's data
 * loaders (services called in-process, no HTTP round trip). The screen renders with React's streaming
 * renderer into the same tree the browser hydrates, from the same query keys, so the browser finds the
 * data it needs in the page and asks for none of it again.
 */
import { PassThrough } from "node:stream";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { renderToPipeableStream } from "react-dom/server";
import { AppTree } from "#client/app/app-tree.tsx";
import { createQueryClient } from "#client/app/query-client.ts";
import { SCREENS } from "#client/app/router.tsx";
import { configQueryOptions } from "#client/features/auth/api/get-config.ts";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { inviteQueryOptions } from "#client/features/invites/api/get-invite.ts";
import { unreadCountQueryOptions } from "#client/features/notifications/api/get-unread-count.ts";
import { filtersFromParams, filtersToApiQuery } from "#client/features/planner/filters.ts";
import { rosterQueryOptions } from "#client/features/roster/api/get-roster.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { showListQueryOptions } from "#client/features/shows/api/list-shows.ts";
import type { PageRequest, RenderedPage } from "#domain/app/page-render.ts";
import { INVITED_BY } from "#domain/people/invite-link.ts";

/** Asks for the screen's data the way the screen would, through the loaders instead of the API. */
async function prefetch(queryClient: QueryClient, request: PageRequest): Promise<void> {
  const { load, screen, params, today } = request;
  const work: Promise<unknown>[] = [];
  if (request.user) {
    work.push(queryClient.prefetchQuery({ ...unreadCountQueryOptions(), queryFn: () => load.unreadCount() }));
  }
  if (screen === "roster") {
    work.push(queryClient.prefetchQuery({ ...rosterQueryOptions(today), queryFn: () => load.roster(today) }));
  } else if (screen === "show" && params.showId) {
    const showId = params.showId;
    work.push(queryClient.prefetchQuery({ ...showQueryOptions(showId), queryFn: () => load.show(showId) }));
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
