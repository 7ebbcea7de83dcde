import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useUserChoices } from "#client/features/horses/api/get-user-choices.ts";
import { useUpdateOwnership } from "#client/features/horses/api/update-ownership.ts";
import { PeopleChecklist } from "#client/features/horses/components/people-checklist.tsx";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import type { HorseDetail } from "#domain/contracts/horses.ts";
import type { PersonRef } from "#domain/contracts/people.ts";
import { horsesTexts } from "#domain/texts/horses.ts";

const t = horsesTexts;

/** Choices plus the people already on the horse, so current owners and trainers can be kept. */
function merge(choices: readonly PersonRef[], current: readonly PersonRef[]): PersonRef[] {
  const byId = new Map(choices.map((p) => [p.id, p]));
  for (const p of current) if (!byId.has(p.id)) byId.set(p.id, p);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Edit Ownership & Training: only owners open it (and the server checks again). */
export function OwnershipDialog({
  horse,
  open,
  onOpenChange,
}: {
  horse: HorseDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const choices = useUserChoices(open);
  const save = useUpdateOwnership(horse.id);
  const [ownerIds, setOwnerIds] = useState<string[]>([]);
  const [trainerIds, setTrainerIds] = useState<string[]>([]);
  const whyDisabled = useId();
  const noOwner = ownerIds.length === 0;

  useEffect(() => {
    if (!open) return;
    setOwnerIds(horse.owners.map((p) => p.id));
    setTrainerIds(horse.trainers.map((p) => p.id));
    save.reset();
  }, [open, horse, save.reset]);

  const owners = useMemo(() => merge(choices.data?.owners ?? [], horse.owners), [choices.data, horse.owners]);
  const trainers = useMemo(
    () => merge(choices.data?.trainers ?? [], horse.trainers),
    [choices.data, horse.trainers],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ownerIds, trainerIds }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.editOwnership}
      description={horse.name}
      footer={
        <>
          {/* Always present (empty when not needed) so screen readers announce the reason as it appears. */}
          <p id={whyDisabled} aria-live="polite" className="basis-full text-sm text-stone-700 empty:hidden">
            {noOwner ? t.needOwner : ""}
          </p>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button
            type="submit"
            form="ownership-form"
            disabled={save.isPending || noOwner}
            aria-describedby={noOwner ? whyDisabled : undefined}
          >
            {t.save}
          </Button>
        </>
      }
    >
      <form id="ownership-form" onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={save.error?.message ?? (choices.isError ? choices.error.message : null)} />
        <PeopleChecklist
          legend={t.owners}
          people={owners}
          selected={ownerIds}
          onChange={setOwnerIds}
          emptyText={t.nobody}
        />
        <PeopleChecklist
          legend={t.trainers}
          people={trainers}
          selected={trainerIds}
          onChange={setTrainerIds}
          emptyText={t.nobody}
        />
      </form>
    </Modal>
  );
}
