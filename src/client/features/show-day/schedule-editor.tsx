import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Plus, Trash2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useSaveSchedule } from "#client/features/show-day/api/save-schedule.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ChoiceList } from "#client/ui/choice-list.tsx";
import { Field } from "#client/ui/field.tsx";
import { SelectField } from "#client/ui/form-controls.tsx";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { DEFAULT_RING, formatClockTime, overlappingSessions } from "#domain/show-day/show-sessions.ts";
import { chosenAfterRemove } from "#domain/shows/chosen-item.ts";
import { COMMON_TIME_ZONES } from "#domain/shows/show-time-zone.ts";
import { scheduleEditorTexts } from "#domain/texts/schedule-editor.ts";

const t = scheduleEditorTexts;
const NONE = "";

interface DraftSession {
  key: string;
  id?: string;
  name: string;
  date: string;
  startTime: string;
  ring: string;
}

/** The days a show runs, for a session's date. */
function showDays(show: Pick<ShowDetail, "startDate" | "endDate">): string[] {
  const days: string[] = [];
  for (let d = new Date(`${show.startDate}T12:00:00Z`); days.length < 400; d.setUTCDate(d.getUTCDate() + 1)) {
    const ymd = d.toISOString().slice(0, 10);
    if (ymd > show.endDate) break;
    days.push(ymd);
  }
  return days;
}

/** The admin's session editor (issue 21): sessions (name, day, time, ring) and which classes run in each. */
export default function ScheduleEditor({ showId, onDone }: { showId: string; onDone: () => void }) {
  const show = useQuery({ ...showQueryOptions(showId), staleTime: 0 });
  if (show.isError) return <LoadError message={t.loadFailed} onRetry={() => void show.refetch()} />;
  if (!show.data) return <p className="text-sm text-stone-600">{t.loading}</p>;
  return <Editor show={show.data} onDone={onDone} />;
}

function Editor({ show, onDone }: { show: ShowDetail; onDone: () => void }) {
  const id = useId();
  const save = useSaveSchedule(show.id);
  const days = useMemo(() => showDays(show), [show]);
  const [zone, setZone] = useState(show.timeZone);
  const [minutes, setMinutes] = useState(show.minutesPerClass);
  const [sessions, setSessions] = useState<DraftSession[]>(() =>
    show.sessions.map((s) => ({
      key: s.id,
      id: s.id,
      name: s.name,
      date: s.date,
      startTime: s.startTime ?? "",
      ring: s.ring,
    })),
  );
  const [assigned, setAssigned] = useState<Record<string, string>>(() =>
    Object.fromEntries(show.classes.map((c) => [c.id, c.sessionId ?? NONE])),
  );
  const [nextKey, setNextKey] = useState(1);
  // From 1024 px the sessions are a list with the chosen one's form beside it (ADR 048).
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const chosen = sessions.find((s) => s.key === chosenKey)?.key ?? sessions[0]?.key ?? null;
  // Classes ticked to move together (issue 34), where they go, and what the last move did (read out).
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [target, setTarget] = useState<string>(NONE);
  const [moved, setMoved] = useState("");
  const overlaps = overlappingSessions(
    sessions.map((s) => ({
      id: s.key,
      name: s.name,
      date: s.date,
      startTime: s.startTime || null,
      ring: s.ring,
      classCount: show.classes.filter((c) => assigned[c.id] === s.key).length,
    })),
    minutes,
  );
  const zones = [...new Set([zone, ...COMMON_TIME_ZONES])];

  const update = (key: string, patch: Partial<DraftSession>) =>
    setSessions((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const add = () => {
    const key = `new-${nextKey}`;
    setNextKey((n) => n + 1);
    setChosenKey(key);
    setSessions((list) => [
      ...list,
      {
        key,
        name: t.sessionNumber(list.length + 1),
        date: days[0] ?? show.startDate,
        startTime: "",
        ring: DEFAULT_RING,
      },
    ]);
  };
  const remove = (key: string) => {
    const at = sessions.findIndex((s) => s.key === key);
    const next = chosenAfterRemove(
      sessions.findIndex((s) => s.key === chosen),
      at,
      sessions.length,
    );
    setChosenKey(sessions.filter((s) => s.key !== key)[next]?.key ?? null);
    setSessions((list) => list.filter((s) => s.key !== key));
    setAssigned((map) => Object.fromEntries(Object.entries(map).map(([c, s]) => [c, s === key ? NONE : s])));
  };
  const edited = (c: ShowDetail["classes"][number]) => ({
    id: c.id,
    number: c.number,
    name: c.name,
    date: c.date,
  });
  const submit = () =>
    save.mutate(
      {
        timeZone: zone,
        minutesPerClass: minutes,
        sessions: sessions.map((s) => ({
          ...(s.id ? { id: s.id } : {}),
          name: s.name,
          date: s.date,
          startTime: s.startTime || null,
          ring: s.ring,
          classes: show.classes.filter((c) => assigned[c.id] === s.key).map(edited),
        })),
        unscheduled: show.classes.filter((c) => (assigned[c.id] ?? NONE) === NONE).map(edited),
      },
      { onSuccess: onDone },
    );

  const classList = (key: string) => show.classes.filter((c) => (assigned[c.id] ?? NONE) === key);
  const pick = (ids: readonly string[], on: boolean) =>
    setPicked((set) => {
      const next = new Set(set);
      for (const classId of ids) {
        if (on) next.add(classId);
        else next.delete(classId);
      }
      return next;
    });
  const sessionLabel = (key: string) =>
    key === NONE ? t.noSession : sessions.find((s) => s.key === key)?.name || t.untitled;
  const move = () => {
    if (picked.size === 0) return;
    const count = picked.size;
    setAssigned((map) => ({ ...map, ...Object.fromEntries([...picked].map((c) => [c, target])) }));
    setPicked(new Set());
    setMoved(t.moved(count, sessionLabel(target)));
  };
  const classRows = (key: string, where: string) => {
    const list = classList(key);
    if (list.length === 0)
      return (
        <p className="text-sm text-stone-600">{key === NONE ? t.everyClassScheduled : t.noClassesHere}</p>
      );
    const all = list.every((c) => picked.has(c.id));
    return (
      <>
        <label className="flex min-h-11 items-center gap-2 border-b border-stone-100 text-sm text-stone-700">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={all}
            onChange={(e) =>
              pick(
                list.map((c) => c.id),
                e.target.checked,
              )
            }
          />
          {t.selectAll(where)}
        </label>
        <ul className="flex flex-col divide-y divide-stone-100">
          {list.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 items-center gap-2 py-1.5">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  checked={picked.has(c.id)}
                  onChange={(e) => pick([c.id], e.target.checked)}
                />
                <span className="w-10 shrink-0 text-right font-mono text-sm font-semibold text-brand-700">
                  {c.number}
                </span>
                <span className="min-w-0 flex-1 text-sm break-words">{c.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </>
    );
  };

  // Under the list from 1024 px, under the sessions below it: one of the two is shown.
  const addSessionButton = (
    <Button variant="secondary" onClick={add}>
      <Plus aria-hidden className="size-4" />
      {t.addSession}
    </Button>
  );

  return (
    // From 1024 px (ADR 048): the show's clock across the top; below it the sessions as a list at the left,
    // and at the right the chosen session's form with its classes, the classes in no session, the move and
    // Save. The panes are `display: contents` below and the list is hidden there, so the phone's one column
    // is the same boxes as before, in the same keyboard order.
    <form
      className="flex flex-col gap-4 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-x-6 lg:gap-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-stone-600 lg:col-span-2">{t.hint}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-[repeat(2,minmax(0,20rem))]">
        <SelectField
          label={t.timeZone}
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          options={zones}
        />
        <Field
          label={t.minutesPerClass}
          type="number"
          min={1}
          max={60}
          value={minutes}
          onChange={(e) => setMinutes(Math.max(1, Math.min(60, Number(e.target.value) || 1)))}
        />
      </div>

      <div
        data-testid="schedule-sessions"
        className="contents lg:sticky lg:top-0 lg:flex lg:min-w-0 lg:flex-col lg:gap-3"
      >
        <h3 className="font-semibold text-stone-900">{t.sessions}</h3>
        {sessions.length === 0 ? (
          <p className="hidden text-sm text-stone-600 lg:block">{t.noSessionsYet}</p>
        ) : null}
        <ChoiceList
          label={t.sessions}
          chosen={chosen}
          onChoose={setChosenKey}
          choices={sessions.map((s, i) => ({
            key: s.key,
            content: (
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-1.5 break-words">
                  {s.name || t.sessionNumber(i + 1)}
                  {overlaps.has(s.key) ? (
                    <>
                      <AlertTriangle aria-hidden className="size-4 shrink-0 text-amber-700" />
                      <span className="sr-only">{t.overlap}</span>
                    </>
                  ) : null}
                </span>{" "}
                <span className="text-xs font-normal text-stone-600">
                  {[
                    formatDayHeading(s.date),
                    s.startTime ? formatClockTime(s.startTime) : "",
                    s.ring,
                    t.sessionCount(classList(s.key).length),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
            ),
          }))}
        />
        <div className="hidden lg:block">{addSessionButton}</div>
      </div>
      <div data-testid="schedule-side" className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-4">
        {sessions.map((s, i) => (
          <fieldset
            key={s.key}
            className={`flex flex-col gap-3 rounded-xl border border-stone-200 p-3${s.key === chosen ? "" : " lg:hidden"}`}
          >
            <legend className="px-1 text-sm font-semibold text-brand-900">
              {s.name || t.sessionNumber(i + 1)}
            </legend>
            {overlaps.has(s.key) ? (
              <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800">
                <AlertTriangle aria-hidden className="size-4" />
                {t.overlap}
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label={t.sessionName}
                value={s.name}
                maxLength={100}
                required
                onChange={(e) => update(s.key, { name: e.target.value })}
              />
              <SelectField
                label={t.sessionDate}
                value={s.date}
                onChange={(e) => update(s.key, { date: e.target.value })}
                options={days.map((d) => ({ value: d, label: formatDayHeading(d) }))}
              />
              <Field
                label={t.sessionTime}
                type="time"
                value={s.startTime}
                onChange={(e) => update(s.key, { startTime: e.target.value })}
              />
              <Field
                label={t.sessionRing}
                value={s.ring}
                maxLength={60}
                required
                onChange={(e) => update(s.key, { ring: e.target.value })}
              />
            </div>
            <div>
              <h4 id={`${id}-${s.key}`} className="mb-1 text-sm font-semibold text-stone-800">
                {t.classesOf(s.name || t.sessionNumber(i + 1))}
              </h4>
              {classRows(s.key, s.name || t.sessionNumber(i + 1))}
            </div>
            <Button variant="ghost" className="self-start" onClick={() => remove(s.key)}>
              <Trash2 aria-hidden className="size-4" />
              {t.removeSession(s.name || t.sessionNumber(i + 1))}
            </Button>
          </fieldset>
        ))}
        <div className="lg:hidden">{addSessionButton}</div>
        <section className="rounded-xl border border-dashed border-stone-300 p-3">
          <h3 className="mb-1 text-sm font-semibold text-stone-800">{t.unscheduledTitle}</h3>
          {classRows(NONE, t.unscheduledTitle)}
        </section>
        {/* One move for every ticked class, kept in view at the foot of the editor while the lists scroll. */}
        <fieldset className="sticky bottom-0 z-10 flex flex-col gap-2 rounded-xl border border-brand-200 bg-white p-3 shadow-md">
          <legend className="sr-only">{t.moveTitle}</legend>
          <p aria-hidden className="text-sm font-semibold text-stone-900">
            {t.moveTitle}
          </p>
          <p id={`${id}-move-hint`} className="text-xs text-stone-600">
            {t.moveHint}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-0 flex-1 basis-40 flex-col gap-1 text-sm font-medium text-stone-700">
              {t.moveTo}
              <select
                value={target}
                aria-describedby={`${id}-move-hint`}
                onChange={(e) => setTarget(e.target.value)}
                className="min-h-11 max-w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
              >
                <option value={NONE}>{t.noSession}</option>
                {sessions.map((s, i) => (
                  <option key={s.key} value={s.key}>
                    {s.name || t.sessionNumber(i + 1)}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" disabled={picked.size === 0} onClick={move}>
              {t.moveButton(picked.size)}
            </Button>
          </div>
          <p role="status" className="text-sm font-medium text-brand-800">
            {moved}
          </p>
        </fieldset>
        <ErrorAlert message={save.error?.message} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t.saveSchedule}
          </Button>
        </div>
      </div>
    </form>
  );
}
