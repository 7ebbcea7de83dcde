import { ExternalLink, Monitor } from "lucide-react";
import { useState } from "react";
import { useBoardSetting, useSetBoard } from "#client/features/show-day/api/board.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { boardTexts } from "#domain/texts/board.ts";

const t = boardTexts.control;

/**
 * The show's public ring board (ADR 046), on Ring control for the people who may run the ring: a
 * switch, and while it is public the board's address and its display mode.
 */
export function BoardCard({ showId }: { showId: string }) {
  const setting = useBoardSetting(showId);
  const save = useSetBoard(showId);
  // What the switch was set to, until the server answers (then what the server says).
  const [asked, setAsked] = useState<boolean | null>(null);
  const isPublic = asked ?? !!setting.data?.public;
  const path = `/shows/${encodeURIComponent(showId)}/board`;
  return (
    <section
      aria-labelledby="ring-board"
      data-testid="board-card"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      <div>
        <h2 id="ring-board" className="text-sm font-semibold text-brand-900">
          {t.title}
        </h2>
        <p className="text-xs text-stone-600">{t.intro}</p>
      </div>
      {setting.isError ? <ErrorAlert message={t.loadFailed} /> : null}
      <label className="flex min-h-12 items-center justify-between gap-3 text-sm font-medium text-stone-800">
        {t.toggle}
        <input
          type="checkbox"
          role="switch"
          checked={isPublic}
          aria-checked={isPublic}
          disabled={!setting.data || save.isPending}
          onChange={(e) => {
            setAsked(e.target.checked);
            save.mutate({ public: e.target.checked }, { onSettled: () => setAsked(null) });
          }}
          className="size-6 accent-brand-700"
        />
      </label>
      <p role="status" className="text-sm text-stone-700">
        {save.isPending ? t.saving : setting.data ? (isPublic ? t.isPublic : t.isPrivate) : ""}
      </p>
      <ErrorAlert message={save.isError ? `${t.saveFailed} ${save.error.message}` : undefined} />
      {isPublic && !save.isPending ? (
        <div className="flex flex-wrap gap-2">
          <a href={path} target="_blank" rel="noopener" className={buttonClass("secondary", "min-h-12")}>
            <ExternalLink aria-hidden className="size-4" />
            {t.open}
          </a>
          <a
            href={`${path}?display=1`}
            target="_blank"
            rel="noopener"
            className={buttonClass("secondary", "min-h-12")}
          >
            <Monitor aria-hidden className="size-4" />
            {t.display}
          </a>
        </div>
      ) : null}
    </section>
  );
}
