import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Plus } from "lucide-react";
import { useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { useDeleteShow } from "#client/features/admin/api/shows.ts";
import { AdminDeleteConfirm } from "#client/features/admin/delete-confirm.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import { SearchBox } from "#client/features/admin/search-box.tsx";
import { draftOfShow, ShowEditor } from "#client/features/admin/shows/show-editor.tsx";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { useShowList } from "#client/features/shows/api/list-shows.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { AiPredictionBadge } from "#client/ui/ai-prediction-badge.tsx";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import type { ShowPeriod, ShowSummary } from "#domain/contracts/shows.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { adminTexts } from "#domain/texts/admin.ts";
import { texts } from "#domain/texts/shell.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = adminTexts;
// Show day's session editor (issue 21), its own chunk.
const ScheduleEditor = retryingLazy(() => import("#client/features/show-day/schedule-editor.tsx"));

function EditShowBody({ showId, onDone }: { showId: string; onDone: () => void }) {
  const show = useQuery({ ...showQueryOptions(showId), staleTime: 0 });
  if (show.isError) return <LoadError message={t.loadFailed} onRetry={() => show.refetch()} />;
  if (!show.data) return <p className="text-sm text-stone-600">{texts.common.loading}</p>;
  return <ShowEditor showId={showId} initial={draftOfShow(show.data)} onSaved={onDone} onCancel={onDone} />;
}

/** Show Management → Shows: upcoming and past, searchable; new, edit (with classes), delete. */
export function ShowsPanel() {
  const [period, setPeriod] = useState<ShowPeriod>("upcoming");
  const [q, setQ] = useState("");
  const query = new URLSearchParams({
    period,
    limit: "20",
    ...(q.trim() ? { name: q.trim() } : {}),
  }).toString();
  const shows = useShowList(query);
  const remove = useDeleteShow();
  const [editing, setEditing] = useState<ShowSummary | "new" | null>(null);
  const [deleting, setDeleting] = useState<ShowSummary | null>(null);
  const [scheduling, setScheduling] = useState<ShowSummary | null>(null);

  const close = () => setEditing(null);
  const periodButton = (value: ShowPeriod, label: string) => (
    <button
      type="button"
      aria-pressed={period === value}
      onClick={() => setPeriod(value)}
      className="min-h-11 flex-1 rounded-md px-3 text-sm font-semibold text-stone-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm"
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby="admin-shows" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="admin-shows" className="font-semibold text-stone-900">
          {t.shows.heading}
        </h3>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden className="size-4" />
          {t.shows.newShow}
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex rounded-lg bg-stone-100 p-1 sm:w-56">
          {periodButton("upcoming", t.shows.upcoming)}
          {periodButton("past", t.shows.past)}
        </div>
        <div className="flex-1">
          <SearchBox label={t.shows.searchShows} placeholder={t.shows.searchShows} onSearch={setQ} />
        </div>
      </div>
      <PagedList
        query={shows}
        items={(page) => page.shows}
        empty={t.shows.noShows}
        label={t.shows.heading}
        render={(show) => (
          <li key={show.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{show.name}</p>
              {show.isAiPrediction ? <AiPredictionBadge /> : null}
              <p className="text-sm text-stone-600">
                {formatShowDates(show.startDate, show.endDate)} · {show.location}
              </p>
            </div>
            <button
              type="button"
              aria-label={showDayTexts.editor.openLabel(show.name)}
              className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-brand-800"
              onClick={() => setScheduling(show)}
            >
              <CalendarClock aria-hidden className="size-4" />
            </button>
            <RowActions name={show.name} onEdit={() => setEditing(show)} onDelete={() => setDeleting(show)} />
          </li>
        )}
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && close()}
        title={editing === "new" ? t.shows.newShow : t.shows.editShow}
        wide
      >
        {editing === "new" ? (
          <ShowEditor onSaved={close} onCancel={close} />
        ) : editing ? (
          <EditShowBody showId={editing.id} onDone={close} />
        ) : null}
      </Modal>
      <Modal
        open={scheduling !== null}
        onOpenChange={(open) => !open && setScheduling(null)}
        title={showDayTexts.editor.title(scheduling?.name ?? "")}
      >
        {scheduling ? (
          <LoadBoundary fallback={<p className="text-sm text-stone-600">{texts.common.loading}</p>}>
            <ScheduleEditor showId={scheduling.id} onDone={() => setScheduling(null)} />
          </LoadBoundary>
        ) : null}
      </Modal>
      <AdminDeleteConfirm
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        message={t.confirmDeleteShow}
      />
    </section>
  );
}
