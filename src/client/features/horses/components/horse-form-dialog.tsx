import { useMemo } from "react";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useCreateHorse } from "#client/features/horses/api/create-horse.ts";
import { useUserChoices } from "#client/features/horses/api/get-user-choices.ts";
import { useUpdateHorse } from "#client/features/horses/api/update-horse.ts";
import { HorseForm, type HorseFormResult } from "#client/features/horses/components/horse-form.tsx";
import type { HorseDetail } from "#domain/contracts/horses.ts";
import { horsesTexts } from "#domain/texts/horses.ts";

const t = horsesTexts;

/**
 * The owner's Add New Horse (with owners and trainers; the creator is always an owner) or Edit Horse
 * (details only: ownership has its own dialog). Name and date of birth are required; canters defaults to No.
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
  const saving = editing ? update : create;

  const people = useMemo(
    () =>
      editing
        ? null
        : {
            owners: (choices.data?.owners ?? []).filter((p) => p.id !== me?.id),
            trainers: choices.data?.trainers ?? [],
            ownersHint: t.creatorIsOwner,
          },
    [editing, choices.data, me],
  );

  const submit = ({ ownerIds, trainerIds, ...details }: HorseFormResult) => {
    const done = {
      onSuccess: (saved: HorseDetail) => {
        onSaved?.(saved);
        onOpenChange(false);
      },
    };
    if (editing) update.mutate(details, done);
    else create.mutate({ ...details, ownerIds, trainerIds }, done);
  };

  return (
    <HorseForm
      open={open}
      onOpenChange={onOpenChange}
      horse={horse ?? null}
      title={editing ? t.editTitle : t.addTitle}
      submitLabel={editing ? t.save : t.saveHorse}
      cancelLabel={t.cancel}
      people={people}
      saving={saving}
      loadError={choices.isError ? choices.error.message : null}
      onSubmit={submit}
    />
  );
}
