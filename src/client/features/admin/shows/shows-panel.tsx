import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Plus } from "lucide-react";
import { useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { AdminTable } from "#client/features/admin/admin-table.tsx";
import { useAdminShows, useDeleteShow } from "#client/features/admin/api/shows.ts";
import { AdminDeleteConfirm } from "#client/features/admin/delete-confirm.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import { SearchBox } from "#client/features/admin/search-box.tsx";
import { draftOfShow, ShowEditor } from "#client/features/admin/shows/show-editor.tsx";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { AiPredictionBadge } from "#client/ui/ai-prediction-badge.tsx";
import { LoadError } from "#client/ui/alert.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { ReadyButton } from "#client/ui/ready-button.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import type { AdminShow, AdminShowSort } from "#domain/contracts/admin.ts";
import type { ShowPeriod } from "#domain/contracts/shows.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { nextSortOf, sortParam, type TableSort } from "#domain/sorting/table-sort.ts";
import { adminTexts } from "#domain/texts/admin.ts";
import { scheduleEditorTexts } from "#domain/texts/schedule-editor.ts";
import { texts } from "#domain/texts/shell.ts";

const t = adminTexts;
// Show day's session editor (issue 21), its own chunk.
const ScheduleEditor = retryingLazy(() => import("#client/features/show-day/schedule-editor.tsx"));

/** Each period's own order when no header was chosen: upcoming soonest first, past most recent first. */
const BY_DATE: Record<ShowPeriod, TableSort<AdminShowSort>> = {
  upcoming: { column: "startDate", direction: "ascending" },
  past: { column: "startDate", direction: "descending" },
};
const FIRST = { startDate: "ascending", name: "ascending", location: "ascending" } as const;

function EditShowBody({ showId, onDone }: { showId: string; onDone: () => void }) {
  const show = useQuery({ ...showQueryOptions(showId), staleTime: 0 });
  if (show.isError) return <LoadError message={t.loadFailed} onRetry={() => show.refetch()} />;
  if (!show.data) return <p className="text-sm text-stone-600">{texts.common.loading}</p>;
  return <ShowEditor showId={showId} initial={draftOfShow(show.data)} onSaved={onDone} onCancel={onDone} />;
}

/** Show Management → Shows: upcoming and past, searchable; new, edit (with classes), delete. */
export function ShowsPanel() {
  const [period, setPeriod] = useState<ShowPeriod>("upcoming");
  // Upcoming / Past are not ready in the page the server rendered until hydrated (issue 33). Nothing under
  // this panel is a lazy part the server rendered, so its rendering again then draws nothing anew.
  const ready = useHydrated();
  const [q, setQ] = useState("");
  // Null: the period's date order (the phone's list is always in it); a header chosen sorts on the server.
  const [chosen, setChosen] = useState<TableSort<AdminShowSort> | null>(null);
  const sort = chosen ?? BY_DATE[period];
  const shows = useAdminShows(period, q, chosen ? sortParam(chosen) : null);
  const remove = useDeleteShow();
  const [editing, setEditing] = useState<AdminShow | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminShow | null>(null);
  const [scheduling, setScheduling] = useState<AdminShow | null>(null);

  const close = () => setEditing(null);
  const actions = (show: AdminShow) => (
    <>
      <button
        type="button"
        aria-label={scheduleEditorTexts.openLabel(show.name)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-brand-800"
        onClick={() => setScheduling(show)}
      >
        <CalendarClock aria-hidden className="size-4" />
      </button>
      <RowActions name={show.name} onEdit={() => setEditing(show)} onDelete={() => setDeleting(show)} />
    </>
  );
  const periodButton = (value: ShowPeriod, label: string) => (
    <button
      type="button"
      aria-pressed={period === value}
      disabled={!ready}
      onClick={() => {
        setPeriod(value);
        setChosen(null);
      }}
      className="min-h-11 flex-1 rounded-md px-3 text-sm font-semibold text-stone-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm disabled:cursor-progress disabled:opacity-60"
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
        <ReadyButton onClick={() => setEditing("new")}>
          <Plus aria-hidden className="size-4" />
          {t.shows.newShow}
        </ReadyButton>
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
        table={(rows) => (
          <AdminTable
            label={t.shows.heading}
            rows={rows}
            sort={sort}
            onSort={(column) => setChosen(nextSortOf(sort, column, FIRST))}
            openId={editing !== null && editing !== "new" ? editing.id : null}
            columns={[
              {
                label: t.shows.name,
                sortBy: "name",
                cell: (show) => (
                  <>
                    {show.name}
                    {show.isAiPrediction ? <AiPredictionBadge /> : null}
                  </>
                ),
              },
              {
                label: t.shows.dates,
                sortBy: "startDate",
                cell: (show) => formatShowDates(show.startDate, show.endDate),
              },
              { label: t.shows.location, sortBy: "location", cell: (show) => show.location },
            ]}
            actions={actions}
          />
        )}
        render={(show) => (
          <li key={show.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{show.name}</p>
              {show.isAiPrediction ? <AiPredictionBadge /> : null}
              <p className="text-sm text-stone-600">
                {formatShowDates(show.startDate, show.endDate)} · {show.location}
              </p>
            </div>
            {actions(show)}
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
        title={scheduleEditorTexts.title(scheduling?.name ?? "")}
        wide
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
