import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ReactNode, useSyncExternalStore } from "react";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { adminTexts } from "#domain/texts/admin.ts";
import { texts } from "#domain/texts/shell.ts";

const t = adminTexts;
const WIDE = "(min-width: 64rem)";

/** Whether the window is 1024 px or wider, following it; false on the server (its lists are still loading). */
function useWide(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(WIDE);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/**
 * A server-paged list: its rows, an empty text, a failed-load retry and "Load more" while pages remain.
 * With `table`, from 1024 px the rows are that table instead of the phone's list (ADR 048). Only one is
 * rendered (a hidden copy would still be found by text, and doubles the rows).
 */
export function PagedList<Page, Item>({
  query,
  items,
  empty,
  label,
  render,
  table,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  items: (page: Page) => Item[];
  empty: string;
  label: string;
  render: (item: Item) => ReactNode;
  table?: (items: Item[]) => ReactNode;
}) {
  const wide = useWide();
  if (query.isError && !query.data)
    return <LoadError message={t.loadFailed} onRetry={() => query.refetch()} />;
  if (!query.data) return <p className="py-4 text-sm text-stone-600">{texts.common.loading}</p>;
  const all = query.data.pages.flatMap(items);
  return (
    <div className={query.isPlaceholderData ? "opacity-60" : undefined}>
      {all.length === 0 ? (
        <p className="py-4 text-sm text-stone-600">{empty}</p>
      ) : table && wide ? (
        table(all)
      ) : (
        <ul
          aria-label={label}
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
        >
          {all.map(render)}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            disabled={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            {t.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
