import { type ReactNode, useState } from "react";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import type { BarnWatchLinkView, WatchShow } from "#domain/contracts/watch.ts";
import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { watchTexts } from "#domain/texts/watch.ts";

const t = watchTexts.links;

/**
 * A list of live links (issue 35: a horse's on horse detail, ADR 044; a barn's on the barn screen, ADR
 * 050): each working link with who made it and when, Revoke (after a confirmation), and a "Share live"
 * (`share`, its accessible name naming the show) on a row for each show running or to come.
 */
export function LiveLinksSection({
  id,
  intro,
  query,
  hideWhenEmpty = false,
  share,
  revoke,
}: {
  id: string;
  intro: string;
  /** The list's query: nothing is shown until it has answered (or if it refused). */
  query: { data?: { links: readonly BarnWatchLinkView[]; shows: readonly WatchShow[] } | undefined };
  /** Shows nothing while there is no link and no show to make one for. */
  hideWhenEmpty?: boolean;
  share: (show: WatchShow) => ReactNode;
  revoke: {
    mutate: (linkId: string, opts: { onSuccess: () => void }) => void;
    isPending: boolean;
    error: Error | null;
  };
}) {
  const [revoking, setRevoking] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);
  if (!query.data) return null;
  const { links, shows } = query.data;
  if (hideWhenEmpty && links.length === 0 && shows.length === 0) return null;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid={id}
    >
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{intro}</p>
      {links.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">{t.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100">
          {links.map((link) => (
            <li
              key={link.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="watch-link"
            >
              <div className="text-sm">
                <p className="font-medium text-stone-900">{link.showName}</p>
                <p className="text-xs text-stone-600">
                  {t.madeBy(link.createdByName, formatDayHeading(link.createdAt.slice(0, 10)))} ·{" "}
                  {link.showRider ? t.riderShown : t.riderHidden}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={t.revokeLabel(link.showName)}
                onClick={() => setRevoking(link.id)}
              >
                {t.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="text-sm text-emerald-800 empty:hidden">
        {revoked ? t.revoked : ""}
      </p>
      {shows.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-stone-800">{t.shareFor}</h3>
          <ul className="mt-1 divide-y divide-stone-100" aria-label={t.shareFor}>
            {shows.map((show) => (
              <li key={show.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium break-words text-stone-900">{show.name}</p>
                  <p className="text-xs text-stone-600">{formatShowDates(show.startDate, show.endDate)}</p>
                </div>
                {share(show)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ErrorAlert message={revoke.error?.message} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t.revokeTitle}
        message={t.revokeBody}
        confirmLabel={t.revokeConfirm}
        cancelLabel={watchTexts.share.cancel}
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking, {
            onSuccess: () => {
              setRevoked(true);
              setRevoking(null);
            },
          })
        }
      />
    </section>
  );
}
