import { Check } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useClassEntries } from "#client/features/entries/api/get-class-entries.ts";
import { useEntryChoices } from "#client/features/entries/api/get-entry-choices.ts";
import { useRemoveClassEntries } from "#client/features/entries/api/remove-class-entries.ts";
import { useRemoveEntry } from "#client/features/entries/api/remove-entry.ts";
import { useSaveClassEntries } from "#client/features/entries/api/save-class-entries.ts";
import { PlacingBadge } from "#client/features/entries/components/placing-badge.tsx";
import { StatusIcon } from "#client/features/entries/components/status-icon.tsx";
import {
  anySelected,
  type FormState,
  initialForm,
  knownNames,
  setHorse,
  setRider,
  tilesFor,
  toggleTile,
  toSaveEntries,
  withCurrent,
} from "#client/features/entries/entry-form.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { Me } from "#domain/contracts/auth.ts";
import type { EntryChoices, MyEntry, Named } from "#domain/contracts/entries.ts";
import { type EntryStatus, statusLabel } from "#domain/roster/entry-status.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import { entryStatusTexts } from "#domain/texts/entry-status.ts";
import { offlineTexts } from "#domain/texts/offline.ts";
import { rosterTexts } from "#domain/texts/roster.ts";
import { texts } from "#domain/texts/shell.ts";

export interface ClassEntryDialogProps {
  show: { id: string; name: string };
  cls: { id: string; name: string };
  viewer: Pick<Me, "id" | "roles">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const t = { ...entryStatusTexts, ...entriesTexts };

/**
 * "How are you involved with this class?": toggle tiles with horse/rider choosers; Save replaces the
 * user's entries for the class, Remove all deletes them; both close the dialog.
 */
export function ClassEntryDialog({ show, cls, viewer, open, onOpenChange }: ClassEntryDialogProps) {
  const current = useClassEntries(show.id, cls.id);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={cls.name} description={show.name}>
      {current.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : current.isError ? (
        <LoadError
          message={`${t.errors.loadFailed} ${current.error.message}`}
          onRetry={() => void current.refetch()}
        />
      ) : (
        <>
          <Placings entries={current.data.entries} />
          <EntryForm
            show={show}
            cls={cls}
            viewer={viewer}
            entries={current.data.entries}
            onDone={() => onOpenChange(false)}
          />
        </>
      )}
    </Modal>
  );
}

/** The placings of the viewer's horses in this class, once its results are posted (issue 22). */
function Placings({ entries }: { entries: MyEntry[] }) {
  const placed = entries.filter((e) => e.placing);
  if (placed.length === 0) return null;
  return (
    <p
      className="mb-3 flex flex-wrap items-center gap-2 text-sm text-stone-800"
      data-testid="dialog-placings"
    >
      {placed.map((e) => (
        <span key={e.id} className="inline-flex items-center gap-1.5">
          <PlacingBadge placing={e.placing!} horse={e.horseName} />
          {e.horseName}
        </span>
      ))}
    </p>
  );
}

function EntryForm({
  show,
  cls,
  viewer,
  entries,
  onDone,
}: Pick<ClassEntryDialogProps, "show" | "cls" | "viewer"> & { entries: MyEntry[]; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => initialForm(viewer, entries));
  const choices = useEntryChoices();
  const save = useSaveClassEntries();
  const remove = useRemoveClassEntries();
  const removeOne = useRemoveEntry();
  const labels = offlineTexts.labels;
  // Kept for later when offline: the dialog closes at once and the class row shows it waiting.
  const closeIfQueued = (queued: boolean) => {
    if (queued) onDone();
  };
  const busy = save.isPending || remove.isPending || removeOne.isPending;
  const error = save.error ?? remove.error ?? removeOne.error;
  const saveError = error ? `${t.errors.saveFailed} ${error.message}` : null;
  const errorRef = useRef<HTMLDivElement>(null);
  // On a phone the end of the dialog is below the fold: a refused save (say, for someone with no tie)
  // scrolls its reason into view, clear of the sticky buttons, instead of failing out of sight.
  useEffect(() => {
    if (saveError) errorRef.current?.scrollIntoView({ block: "nearest" });
  }, [saveError]);
  const known = knownNames(entries);

  return (
    <div className="flex flex-col gap-4">
      <EnteredByOthers
        entries={entries}
        busy={busy}
        onRemove={(entry) =>
          closeIfQueued(
            removeOne.queue(entry.id, rosterTexts.removingLabel(statusLabel(entry.status)), {
              onSuccess: onDone,
            }),
          )
        }
      />
      <p className="text-sm font-medium text-stone-700">{t.prompt}</p>
      <ul className="flex flex-col gap-2">
        {tilesFor(viewer).map((status) => {
          const tile = form[status];
          const on = !!tile?.on;
          return (
            <li
              key={status}
              className={`rounded-xl border ${on ? "border-brand-500 bg-brand-50" : "border-stone-200 bg-white"}`}
            >
              <button
                type="button"
                aria-pressed={on}
                onClick={() => setForm((f) => toggleTile(f, status, viewer))}
                className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-sm font-semibold text-stone-800"
              >
                <StatusIcon
                  status={status}
                  className={`size-5 ${on ? "text-brand-700" : "text-stone-500"}`}
                />
                <span className="flex-1">{t.statusLabels[status]}</span>
                <span
                  aria-hidden
                  className={`flex size-6 items-center justify-center rounded-full border ${
                    on ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300"
                  }`}
                >
                  {on ? <Check className="size-4" /> : null}
                </span>
              </button>
              {on && tile ? (
                <Choosers
                  status={status}
                  tile={tile}
                  viewerId={viewer.id}
                  choices={choices.data}
                  known={known}
                  loading={choices.isPending}
                  onHorse={(id) => setForm((f) => setHorse(f, status, id))}
                  onRider={(id) => setForm((f) => setRider(f, status, id))}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {choices.isError ? <ErrorAlert message={choices.error.message} /> : null}
      <div ref={errorRef} className="scroll-mb-24 empty:hidden">
        <ErrorAlert message={saveError} />
      </div>
      <div className="sticky bottom-0 -mx-5 -mb-4 flex flex-wrap justify-end gap-2 border-t border-stone-200 bg-white px-5 pt-3 pb-4">
        {entries.length > 0 ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              closeIfQueued(
                remove.queue(
                  { showId: show.id, classId: cls.id },
                  labels.removeClassEntries(cls.name, show.name),
                  { onSuccess: onDone },
                ),
              )
            }
          >
            {t.removeAll}
          </Button>
        ) : null}
        <Button
          disabled={!anySelected(form) || busy}
          onClick={() =>
            closeIfQueued(
              save.queue(
                { showId: show.id, classId: cls.id, body: { entries: toSaveEntries(form, viewer) } },
                labels.saveEntries(cls.name, show.name),
                { onSuccess: onDone },
              ),
            )
          }
        >
          {t.save}
        </Button>
      </div>
    </div>
  );
}

/**
 * Entries another person's entry mirrored onto the viewer (ADR 008): who entered each, and a
 * Remove that takes it off in one action (the dialog closes, as after Save).
 */
function EnteredByOthers({
  entries,
  busy,
  onRemove,
}: {
  entries: readonly MyEntry[];
  busy: boolean;
  onRemove: (entry: MyEntry) => void;
}) {
  const mirrored = entries.filter((e) => e.enteredBy);
  if (mirrored.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {mirrored.map((e) => {
        const label = statusLabel(e.status);
        const author = e.enteredBy!.name;
        return (
          <li
            key={e.id}
            className="flex items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2"
          >
            <span className="min-w-0 flex-1 text-sm text-stone-800">
              <span className="font-semibold">{[label, e.horseName].filter(Boolean).join(" · ")}</span>
              <span className="block text-xs text-stone-700">{rosterTexts.enteredBy(author)}</span>
            </span>
            <Button
              variant="secondary"
              aria-label={rosterTexts.removeLabel(label, author)}
              disabled={busy}
              onClick={() => onRemove(e)}
            >
              {rosterTexts.remove}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function Choosers({
  status,
  tile,
  viewerId,
  choices,
  known,
  loading,
  onHorse,
  onRider,
}: {
  status: EntryStatus;
  tile: { horseId: string | null; riderId: string | null };
  viewerId: string;
  choices: EntryChoices | undefined;
  known: ReadonlyMap<string, string>;
  loading: boolean;
  onHorse: (id: string | null) => void;
  onRider: (id: string | null) => void;
}) {
  if (status === "Interested" || status === "WatchClass") return null;
  if (loading || !choices) {
    return <p className="px-3 pb-3 text-xs text-stone-500">{texts.common.loading}</p>;
  }
  const riders = choices.riders;
  const horseOptions = (options: Named[]) => withCurrent(options, tile.horseId, known);
  const riderOptions = (options: Named[]) => withCurrent(options, tile.riderId, known);
  let fields: ReactNode;
  switch (status) {
    case "ImShowing":
      fields = (
        <Select
          tile={status}
          label={t.horse}
          empty={t.noHorse}
          value={tile.horseId}
          options={horseOptions(choices.ownHorses)}
          onChange={onHorse}
        />
      );
      break;
    case "HorseIsShowing":
      fields = (
        <>
          <Select
            tile={status}
            label={t.horse}
            empty={t.noHorse}
            value={tile.horseId}
            options={horseOptions(choices.ownHorses)}
            onChange={onHorse}
          />
          <Select
            tile={status}
            label={t.rider}
            empty={t.noRider}
            value={tile.riderId}
            options={riderOptions(riders)}
            onChange={onRider}
          />
        </>
      );
      break;
    case "CustomerIsShowing": {
      const customer = choices.customers.find((c) => c.id === tile.riderId);
      fields = (
        <>
          <Select
            tile={status}
            label={t.customer}
            empty={t.chooseCustomer}
            value={tile.riderId}
            options={choices.customers}
            onChange={onRider}
          />
          <Select
            tile={status}
            label={t.horse}
            empty={customer ? t.noHorse : t.selectCustomerFirst}
            value={tile.horseId}
            options={customer?.horses ?? []}
            onChange={onHorse}
            disabled={!customer}
          />
        </>
      );
      break;
    }
    case "FriendIsShowing":
      fields = (
        <>
          <Select
            tile={status}
            label={t.rider}
            empty={t.noRider}
            value={tile.riderId}
            options={riderOptions(riders.filter((r) => r.id !== viewerId))}
            onChange={onRider}
          />
          <Select
            tile={status}
            label={t.horse}
            empty={t.noHorse}
            value={tile.horseId}
            options={horseOptions(choices.allHorses)}
            onChange={onHorse}
          />
        </>
      );
      break;
    default:
      return null;
  }
  return <div className="grid gap-3 px-3 pb-3 sm:grid-cols-2">{fields}</div>;
}

/**
 * A chooser labelled "Horse" or "Rider" on screen; its accessible name adds the tile ("Horse for I'm
 * Showing"), so each chooser is unique when several tiles are on.
 */
function Select({
  label,
  tile,
  empty,
  value,
  options,
  onChange,
  disabled = false,
}: {
  label: string;
  tile: EntryStatus;
  empty: string;
  value: string | null;
  options: Named[];
  onChange: (id: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        aria-label={t.chooserName(label, t.statusLabels[tile])}
        value={value ?? ""}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value || null)}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500"
      >
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
