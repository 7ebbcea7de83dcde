import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useClassEntries } from "#client/features/entries/api/get-class-entries.ts";
import { useEntryChoices } from "#client/features/entries/api/get-entry-choices.ts";
import { useRemoveClassEntries } from "#client/features/entries/api/remove-class-entries.ts";
import { useRemoveEntry } from "#client/features/entries/api/remove-entry.ts";
import { useSaveClassEntries } from "#client/features/entries/api/save-class-entries.ts";
import { EnteredByOthers } from "#client/features/entries/components/entered-by-others.tsx";
import { Choosers } from "#client/features/entries/components/entry-choosers.tsx";
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
} from "#client/features/entries/entry-form.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { Me } from "#domain/contracts/auth.ts";
import type { MyEntry } from "#domain/contracts/entries.ts";
import { statusLabel } from "#domain/roster/entry-status.ts";
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
    <Modal open={open} onOpenChange={onOpenChange} title={cls.name} description={show.name} side>
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
