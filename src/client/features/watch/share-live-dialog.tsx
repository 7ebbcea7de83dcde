import { Share2 } from "lucide-react";
import { useId, useState } from "react";
import {
  useCreateBarnWatchLink,
  useCreateWatchLink,
  useShowWatchHorses,
} from "#client/features/watch/api/watch-links.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { BarnWatchLinkCreated } from "#domain/contracts/watch.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { watchTexts } from "#domain/texts/watch.ts";

const t = watchTexts.share;

/**
 * "Share live" (issue 35, ADR 044): makes a live link of one horse at one show and shows it once, with
 * Copy and the device's share sheet. From a roster card the horses the viewer may share at the show are
 * asked for; from horse detail the horse is given. With `barn` (the barn screen, ADR 050) it makes the
 * link of the viewer's whole barn at the show instead. A lazy chunk, loaded on first use.
 */
export default function ShareLiveDialog({
  open,
  onOpenChange,
  show,
  horse,
  barn = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  show: { id: string; name: string };
  horse?: { id: string; name: string } | undefined;
  barn?: boolean;
}) {
  const horses = useShowWatchHorses(show.id, open && !horse && !barn);
  const createHorse = useCreateWatchLink();
  const createBarn = useCreateBarnWatchLink();
  const create = barn ? createBarn : createHorse;
  const [chosen, setChosen] = useState<string | null>(null);
  const [showRider, setShowRider] = useState(false);
  const [link, setLink] = useState<(BarnWatchLinkCreated & { horseName?: string }) | null>(null);
  const ids = useId();
  const given = horse ?? (barn ? { id: "barn", name: t.barnWhat } : undefined);
  const choices = given ? [given] : (horses.data?.horses ?? []);
  const horseId = chosen ?? choices[0]?.id ?? null;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setLink(null);
      create.reset();
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={`${t.title} · ${show.name}`}
      description={barn ? t.barnIntro : t.intro}
    >
      <div className="flex flex-col gap-4">
        {link ? (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-link`} className="text-sm font-medium text-stone-700">
                {t.linkLabel}
              </label>
              <input
                id={`${ids}-link`}
                data-testid="watch-link-url"
                readOnly
                value={link.url}
                onFocus={(e) => e.target.select()}
                className="min-h-11 rounded-lg border border-stone-300 bg-stone-50 px-3 text-sm text-stone-900"
              />
              <p className="text-xs text-stone-600">{barn ? t.barnSecret : t.secret}</p>
              <p className="text-xs text-stone-600">{t.expires(formatDayHeading(link.lastDay))}</p>
            </div>
            <CopyButton text={link.url} label={t.copy} />
            {canShare ? (
              <Button
                variant="secondary"
                onClick={() =>
                  void navigator
                    .share({
                      title: link.horseName ? t.shareTitle(link.horseName) : t.barnShareTitle(show.name),
                      url: link.url,
                    })
                    .catch(() => undefined)
                }
              >
                <Share2 aria-hidden className="size-4" />
                {t.shareSheet}
              </Button>
            ) : null}
          </>
        ) : !given && horses.isPending ? (
          <Spinner label={t.making} />
        ) : !given && horses.isError ? (
          <ErrorAlert message={`${t.loadFailed} ${horses.error.message}`} />
        ) : choices.length === 0 ? (
          <p className="text-sm text-stone-700">{t.noHorses}</p>
        ) : (
          <>
            {choices.length > 1 ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${ids}-horse`} className="text-sm font-medium text-stone-700">
                  {t.horse}
                </label>
                <select
                  id={`${ids}-horse`}
                  value={horseId ?? ""}
                  onChange={(e) => setChosen(e.target.value)}
                  className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-sm"
                >
                  {choices.map((h) => (
                    <option key={h.id} value={h.id}>
                      {h.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="text-sm font-semibold text-stone-900">{choices[0]!.name}</p>
            )}
            <div className="flex flex-col gap-1">
              <label className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={showRider}
                  onChange={(e) => setShowRider(e.target.checked)}
                  aria-describedby={`${ids}-rider-hint`}
                />
                {t.showRider}
              </label>
              <p id={`${ids}-rider-hint`} className="text-xs text-stone-600">
                {t.showRiderHint}
              </p>
            </div>
            <Button
              disabled={!horseId || create.isPending}
              onClick={() =>
                barn
                  ? createBarn.mutate({ showId: show.id, showRider }, { onSuccess: setLink })
                  : horseId &&
                    createHorse.mutate({ horseId, showId: show.id, showRider }, { onSuccess: setLink })
              }
            >
              {create.isPending ? t.making : t.make}
            </Button>
          </>
        )}
        <ErrorAlert message={create.error?.message} />
      </div>
    </Modal>
  );
}
