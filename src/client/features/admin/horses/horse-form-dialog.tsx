import { useMemo } from "react";
import { useSaveHorse } from "#client/features/admin/api/horses.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { useUserChoices } from "#client/features/horses/api/get-user-choices.ts";
import { HorseForm, type HorseFormResult } from "#client/features/horses/components/horse-form.tsx";
import type { AdminHorse } from "#domain/contracts/admin.ts";
import type { PersonRef } from "#domain/contracts/people.ts";
import { adminTexts } from "#domain/texts/admin.ts";

const t = adminTexts;

/** People already on the horse stay choosable even if their roles changed since (the server agrees). */
const withCurrent = (list: readonly PersonRef[], current: readonly PersonRef[]) => [
  ...list,
  ...current.filter((p) => !list.some((c) => c.id === p.id)),
];

/**
 * The Admin Panel's Add Horse or Edit Horse for any horse: the one horse form with owners and trainers
 * always (owner choices exclude admins, trainers hold the Trainer role). A server refusal shows in the form
 * only; success says "added" for a new horse and "saved" for an edited one.
 */
export function AdminHorseFormDialog({
  open,
  onOpenChange,
  horse,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  horse: AdminHorse | null;
}) {
  const save = useSaveHorse();
  const choices = useUserChoices(open);
  const report = useAdminStatus();
  const people = useMemo(
    () => ({
      owners: withCurrent(choices.data?.owners ?? [], horse?.owners ?? []),
      trainers: withCurrent(choices.data?.trainers ?? [], horse?.trainers ?? []),
    }),
    [choices.data, horse],
  );

  const submit = (body: HorseFormResult) =>
    save.mutate(
      { id: horse?.id ?? null, body },
      {
        onSuccess: (saved) => {
          report("success", horse ? t.horseSaved(saved.name) : t.horseAdded(saved.name));
          onOpenChange(false);
        },
      },
    );

  return (
    <HorseForm
      open={open}
      onOpenChange={onOpenChange}
      horse={horse}
      title={horse ? t.editHorse : t.addHorse}
      submitLabel={t.save}
      cancelLabel={t.cancel}
      people={people}
      saving={save}
      loadError={choices.isError ? choices.error.message : null}
      onSubmit={submit}
      side
    />
  );
}
