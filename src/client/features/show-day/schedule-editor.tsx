import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Plus, Trash2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useSaveSchedule } from "#client/features/show-day/api/save-schedule.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { SelectField } from "#client/ui/form-controls.tsx";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { DEFAULT_RING, overlappingSessions } from "#domain/show-day/show-sessions.ts";
import { COMMON_TIME_ZONES } from "#domain/shows/show-time-zone.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.editor;
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
  const classRows = (key: string) => {
    const list = classList(key);
    if (list.length === 0) return <p className="text-sm text-stone-600">{t.noClassesHere}</p>;
    return (
      <ul className="flex flex-col divide-y divide-stone-100">
        {list.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-2 py-1.5">
            <span className="w-10 shrink-0 text-right font-mono text-sm font-semibold text-brand-700">
              {c.number}
            </span>
            <span className="min-w-0 flex-1 text-sm break-words">{c.name}</span>
            <select
              aria-label={t.classSession(c.number)}
              value={assigned[c.id] ?? NONE}
              onChange={(e) => setAssigned((map) => ({ ...map, [c.id]: e.target.value }))}
              className="min-h-11 max-w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
            >
              <option value={NONE}>{t.noSession}</option>
              {sessions.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.name || t.untitled}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-stone-600">{t.hint}</p>
      <div className="grid gap-3 sm:grid-cols-2">
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

      <h3 className="font-semibold text-stone-900">{t.sessions}</h3>
      {sessions.map((s, i) => (
        <fieldset key={s.key} className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3">
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
            {classRows(s.key)}
          </div>
          <Button variant="ghost" className="self-start" onClick={() => remove(s.key)}>
            <Trash2 aria-hidden className="size-4" />
            {t.removeSession(s.name || t.sessionNumber(i + 1))}
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" className="self-start" onClick={add}>
        <Plus aria-hidden className="size-4" />
        {t.addSession}
      </Button>
      <section className="rounded-xl border border-dashed border-stone-300 p-3">
        <h3 className="mb-1 text-sm font-semibold text-stone-800">{t.unscheduledTitle}</h3>
        {classRows(NONE)}
      </section>
      <ErrorAlert message={save.error?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t.saveSchedule}
        </Button>
      </div>
    </form>
  );
}
