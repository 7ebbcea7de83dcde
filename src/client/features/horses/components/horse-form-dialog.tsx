import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useCreateHorse } from "#client/features/horses/api/create-horse.ts";
import { useUserChoices } from "#client/features/horses/api/get-user-choices.ts";
import { useUpdateHorse } from "#client/features/horses/api/update-horse.ts";
import { PeopleChecklist } from "#client/features/horses/components/people-checklist.tsx";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { HORSE_GENDERS, type HorseDetail, type HorseGender } from "#domain/contracts/horses.ts";
import { DIVISIONS, type DivisionId } from "#domain/divisions.ts";
import { horsesTexts } from "#domain/texts-horses.ts";

const t = horsesTexts;

interface Draft {
  name: string;
  dateOfBirth: string;
  gender: HorseGender | "";
  canters: boolean;
  divisions: DivisionId[];
  ownerIds: string[];
  trainerIds: string[];
}

const fromHorse = (horse?: HorseDetail): Draft => ({
  name: horse?.name ?? "",
  dateOfBirth: horse?.dateOfBirth ?? "",
  gender: horse?.gender ?? "",
  canters: horse?.canters ?? false,
  divisions: (horse?.divisions ?? []) as DivisionId[],
  ownerIds: [],
  trainerIds: [],
});

/**
 * Add New Horse (with owners and trainers; the creator is always an owner) or Edit Horse (details only).
 * Name and date of birth are required; canters defaults to No.
 */
export function HorseFormDialog({
  open,
  onOpenChange,
  horse,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present when editing. */
  horse?: HorseDetail;
  onSaved?: (horse: HorseDetail) => void;
}) {
  const editing = !!horse;
  const me = useMe().data;
  const choices = useUserChoices(open && !editing);
  const create = useCreateHorse();
  const update = useUpdateHorse(horse?.id ?? "");
  const mutation = editing ? update : create;
  const [draft, setDraft] = useState<Draft>(fromHorse(horse));
  const [errors, setErrors] = useState<{ name?: string; dateOfBirth?: string }>({});
  const ids = { gender: useId(), canters: useId() };

  useEffect(() => {
    if (!open) return;
    setDraft(fromHorse(horse));
    setErrors({});
    create.reset();
    update.reset();
  }, [open, horse, create.reset, update.reset]);

  const ownerChoices = useMemo(
    () => (choices.data?.owners ?? []).filter((p) => p.id !== me?.id),
    [choices.data, me],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: draft.name.trim() ? undefined : "Name is required.",
      dateOfBirth: draft.dateOfBirth ? undefined : "Date of birth is required.",
    };
    setErrors(next);
    if (next.name || next.dateOfBirth) return;
    const details = {
      name: draft.name.trim(),
      dateOfBirth: draft.dateOfBirth,
      gender: draft.gender || null,
      canters: draft.canters,
      divisions: draft.divisions,
    };
    const done = {
      onSuccess: (saved: HorseDetail) => {
        onSaved?.(saved);
        onOpenChange(false);
      },
    };
    if (editing) update.mutate(details, done);
    else create.mutate({ ...details, ownerIds: draft.ownerIds, trainerIds: draft.trainerIds }, done);
  };

  const toggleDivision = (id: DivisionId, on: boolean) =>
    setDraft((d) => ({ ...d, divisions: on ? [...d.divisions, id] : d.divisions.filter((x) => x !== id) }));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t.editTitle : t.addTitle}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" form="horse-form" disabled={mutation.isPending}>
            {editing ? t.save : t.saveHorse}
          </Button>
        </>
      }
    >
      <form id="horse-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={mutation.error?.message ?? (choices.isError ? choices.error.message : null)} />
        <Field
          label={t.name}
          required
          maxLength={100}
          value={draft.name}
          error={errors.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label={t.dateOfBirth}
            type="date"
            required
            value={draft.dateOfBirth}
            error={errors.dateOfBirth}
            onChange={(e) => setDraft((d) => ({ ...d, dateOfBirth: e.target.value }))}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.gender} className="text-sm font-medium text-stone-700">
              {t.gender}
            </label>
            <select
              id={ids.gender}
              value={draft.gender}
              onChange={(e) => setDraft((d) => ({ ...d, gender: e.target.value as HorseGender | "" }))}
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            >
              <option value="">{t.noGender}</option>
              {HORSE_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-700">{t.canters}</legend>
          <div className="grid grid-cols-2 gap-2">
            {[true, false].map((value) => (
              <label
                key={String(value)}
                className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-400"
              >
                <input
                  type="radio"
                  name={ids.canters}
                  className="sr-only"
                  checked={draft.canters === value}
                  onChange={() => setDraft((d) => ({ ...d, canters: value }))}
                />
                {value ? t.yes : t.no}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-700">{t.divisions}</legend>
          <div className="grid max-h-56 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-1 sm:grid-cols-2">
            {DIVISIONS.map((d) => (
              <label
                key={d.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-stone-800 hover:bg-stone-50"
              >
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={draft.divisions.includes(d.id)}
                  onChange={(e) => toggleDivision(d.id, e.target.checked)}
                />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        {editing ? null : (
          <>
            <PeopleChecklist
              legend={t.owners}
              people={ownerChoices}
              selected={draft.ownerIds}
              onChange={(ownerIds) => setDraft((d) => ({ ...d, ownerIds }))}
              emptyText={t.nobody}
            />
            <p className="-mt-2 text-xs text-stone-600">{t.creatorIsOwner}</p>
            <PeopleChecklist
              legend={t.trainers}
              people={choices.data?.trainers ?? []}
              selected={draft.trainerIds}
              onChange={(trainerIds) => setDraft((d) => ({ ...d, trainerIds }))}
              emptyText={t.nobody}
            />
          </>
        )}
      </form>
    </Modal>
  );
}
