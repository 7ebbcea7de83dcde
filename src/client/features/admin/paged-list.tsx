import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { adminTexts } from "#domain/texts/admin.ts";
import { texts } from "#domain/texts/shell.ts";

const t = adminTexts;

/** A server-paged list: its rows, an empty text, a failed-load retry and "Load more" while pages remain. */
export function PagedList<Page, Item>({
  query,
  items,
  empty,
  label,
  render,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  items: (page: Page) => Item[];
  empty: string;
  label: string;
  render: (item: Item) => ReactNode;
}) {
  if (query.isError && !query.data)
    return <LoadError message={t.loadFailed} onRetry={() => query.refetch()} />;
  if (!query.data) return <p className="py-4 text-sm text-stone-600">{texts.common.loading}</p>;
  const all = query.data.pages.flatMap(items);
  return (
    <div className={query.isPlaceholderData ? "opacity-60" : undefined}>
      {all.length === 0 ? (
        <p className="py-4 text-sm text-stone-600">{empty}</p>
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
