import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { useSaveHorse } from "#client/features/admin/api/horses.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { useUserChoices } from "#client/features/horses/api/get-user-choices.ts";
import { PeopleChecklist } from "#client/features/horses/components/people-checklist.tsx";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { type AdminHorse, AdminHorseBody } from "#domain/contracts/admin.ts";
import { HORSE_GENDERS, HorseGender } from "#domain/contracts/horses.ts";
import { DateOnly } from "#domain/contracts/people.ts";
import { DIVISIONS } from "#domain/divisions.ts";
import { adminTexts } from "#domain/texts-admin.ts";
import { horsesTexts } from "#domain/texts-horses.ts";

const t = adminTexts;
const h = horsesTexts;

/** The horse form's rules: name and date of birth required; a blank gender is none. */
const Form = AdminHorseBody.extend({
  dateOfBirth: z.string().min(1, { error: "Date of birth is required." }).pipe(DateOnly),
  gender: z.union([HorseGender, z.literal("")]),
});
type Form = z.infer<typeof Form>;

const valuesOf = (horse: AdminHorse | null): Form => ({
  name: horse?.name ?? "",
  dateOfBirth: horse?.dateOfBirth ?? "",
  gender: horse?.gender ?? "",
  canters: horse?.canters ?? false,
  divisions: (horse?.divisions ?? []) as Form["divisions"],
  ownerIds: horse?.owners.map((p) => p.id) ?? [],
  trainerIds: horse?.trainers.map((p) => p.id) ?? [],
});

/** Add Horse or Edit Horse for any horse: owner choices exclude admins, trainers hold the Trainer role. */
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
  const ids = { gender: useId(), canters: useId() };
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: valuesOf(horse) });
  const errors = form.formState.errors;

  useEffect(() => {
    if (!open) return;
    form.reset(valuesOf(horse));
    save.reset();
  }, [open, horse, form.reset, save.reset]);

  // People already on the horse stay choosable even if their roles changed since (the server agrees).
  const withCurrent = (
    list: { id: string; name: string; photoId: string | null }[],
    current: AdminHorse["owners"],
  ) => [...list, ...current.filter((p) => !list.some((c) => c.id === p.id))];

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: horse?.id ?? null, body: { ...values, gender: values.gender || null } },
      {
        onSuccess: (saved) => {
          report("success", t.horseSaved(saved.name));
          onOpenChange(false);
        },
        onError: (error) => report("error", error.message),
      },
    ),
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={horse ? t.editHorse : t.addHorse}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" form="admin-horse-form" disabled={save.isPending}>
            {t.save}
          </Button>
        </>
      }
    >
      <form id="admin-horse-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={save.error?.message ?? (choices.isError ? choices.error.message : null)} />
        <Field
          label={h.name}
          required
          maxLength={100}
          error={errors.name?.message}
          {...form.register("name")}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label={h.dateOfBirth}
            type="date"
            required
            error={errors.dateOfBirth?.message}
            {...form.register("dateOfBirth")}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.gender} className="text-sm font-medium text-stone-700">
              {h.gender}
            </label>
            <select
              id={ids.gender}
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
              {...form.register("gender")}
            >
              <option value="">{h.noGender}</option>
              {HORSE_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Controller
          control={form.control}
          name="canters"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-stone-700">{h.canters}</legend>
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
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                    />
                    {value ? h.yes : h.no}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-700">{h.divisions}</legend>
          <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-1 sm:grid-cols-2">
            {DIVISIONS.map((d) => (
              <label
                key={d.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-stone-800 hover:bg-stone-50"
              >
                <input
                  type="checkbox"
                  value={d.id}
                  className="size-5 accent-brand-700"
                  {...form.register("divisions")}
                />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        <Controller
          control={form.control}
          name="ownerIds"
          render={({ field }) => (
            <PeopleChecklist
              legend={h.owners}
              people={withCurrent(choices.data?.owners ?? [], horse?.owners ?? [])}
              selected={field.value}
              onChange={field.onChange}
              emptyText={h.nobody}
            />
          )}
        />
        <Controller
          control={form.control}
          name="trainerIds"
          render={({ field }) => (
            <PeopleChecklist
              legend={h.trainers}
              people={withCurrent(choices.data?.trainers ?? [], horse?.trainers ?? [])}
              selected={field.value}
              onChange={field.onChange}
              emptyText={h.nobody}
            />
          )}
        />
      </form>
    </Modal>
  );
}
