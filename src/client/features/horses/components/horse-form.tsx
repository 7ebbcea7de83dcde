import { Controller } from "react-hook-form";
import { z } from "zod";
import { checklist, PeopleChecklist } from "#client/features/horses/components/people-checklist.tsx";
import { fieldOf, useDialogForm } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { Field } from "#client/ui/field.tsx";
import { Choice, ChoiceGroup, SelectField } from "#client/ui/form-controls.tsx";
import { FormDialog } from "#client/ui/form-dialog.tsx";
import { CreateHorseBody, HORSE_GENDERS, HorseGender } from "#domain/contracts/horses.ts";
import type { PersonRef } from "#domain/contracts/people.ts";
import { DateOnly } from "#domain/contracts/people.ts";
import { DIVISIONS } from "#domain/shows/divisions.ts";
import { horsesTexts } from "#domain/texts/horses.ts";

const t = horsesTexts;

/** The API's horse (details, owners, trainers) with the form's empty values: a blank gender is none. */
const Form = CreateHorseBody.required().extend({
  dateOfBirth: z.string().min(1, { error: "Date of birth is required." }).pipe(DateOnly),
  gender: z.union([HorseGender, z.literal("")]),
});
export type HorseFormValues = z.infer<typeof Form>;
/** What the form sends: the API's body (gender null when none). */
export type HorseFormResult = Omit<HorseFormValues, "gender"> & { gender: HorseGender | null };

/** A horse as the form starts from; people by id. */
export interface HorseStart {
  name: string;
  dateOfBirth: string;
  gender: HorseGender | null;
  canters: boolean;
  divisions: readonly string[];
  owners: readonly PersonRef[];
  trainers: readonly PersonRef[];
}

const valuesOf = (horse: HorseStart | null): HorseFormValues => ({
  name: horse?.name ?? "",
  dateOfBirth: horse?.dateOfBirth ?? "",
  gender: horse?.gender ?? "",
  canters: horse?.canters ?? false,
  divisions: (horse?.divisions ?? []) as HorseFormValues["divisions"],
  ownerIds: horse?.owners.map((p) => p.id) ?? [],
  trainerIds: horse?.trainers.map((p) => p.id) ?? [],
});

/** The owner and trainer part, for the roles that set them here (see the two dialogs). */
export interface HorsePeople {
  owners: readonly PersonRef[];
  trainers: readonly PersonRef[];
  /** Said under the owners ("You will be an owner of this horse."). */
  ownersHint?: string;
}

/**
 * The one horse form (issue 24): name, date of birth, gender, canters and divisions for everyone, and
 * owners and trainers when `people` is given. The owner's Add New Horse / Edit Horse and the Admin Panel's
 * Add Horse / Edit Horse are this form with the parts and the save each role has.
 */
export function HorseForm({
  open,
  onOpenChange,
  horse,
  title,
  submitLabel,
  cancelLabel,
  people,
  saving,
  loadError,
  onSubmit,
  side = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present when editing. */
  horse: HorseStart | null;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  people: HorsePeople | null;
  saving: { isPending: boolean; error: Error | null; reset: () => void };
  loadError?: string | null | undefined;
  onSubmit: (values: HorseFormResult) => void;
  /** From 1024 px beside the table it was opened from (the Admin Panel's horses). */
  side?: boolean;
}) {
  const form = useDialogForm({ open, source: horse, valuesOf, resolver: zodResolver(Form), saving });
  const submit = form.handleSubmit((values) => onSubmit({ ...values, gender: values.gender || null }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
      busy={saving.isPending}
      error={saving.error?.message ?? loadError}
      onSubmit={submit}
      side={side}
    >
      <Field label={t.name} required maxLength={100} {...fieldOf(form, "name")} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t.dateOfBirth} type="date" required {...fieldOf(form, "dateOfBirth")} />
        <SelectField
          label={t.gender}
          blank={t.noGender}
          options={HORSE_GENDERS}
          {...fieldOf(form, "gender")}
        />
      </div>
      <Controller
        control={form.control}
        name="canters"
        render={({ field }) => (
          <ChoiceGroup legend={t.canters} className="grid grid-cols-2 gap-2">
            {[true, false].map((value) => (
              <Choice
                key={String(value)}
                type="radio"
                look="segment"
                name={field.name}
                label={value ? t.yes : t.no}
                checked={field.value === value}
                onChange={() => field.onChange(value)}
              />
            ))}
          </ChoiceGroup>
        )}
      />
      <ChoiceGroup legend={t.divisions} className={checklist}>
        {DIVISIONS.map((d) => (
          <Choice key={d.id} look="row" value={d.id} label={d.name} {...form.register("divisions")} />
        ))}
      </ChoiceGroup>
      {people ? (
        <>
          <Controller
            control={form.control}
            name="ownerIds"
            render={({ field }) => (
              <PeopleChecklist
                legend={t.owners}
                hint={people.ownersHint}
                people={people.owners}
                selected={field.value}
                onChange={field.onChange}
                emptyText={t.nobody}
              />
            )}
          />
          <Controller
            control={form.control}
            name="trainerIds"
            render={({ field }) => (
              <PeopleChecklist
                legend={t.trainers}
                people={people.trainers}
                selected={field.value}
                onChange={field.onChange}
                emptyText={t.nobody}
              />
            )}
          />
        </>
      ) : null}
    </FormDialog>
  );
}
