import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useSaveUser } from "#client/features/admin/api/users.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { type AdminUser, AdminUserBody } from "#domain/contracts/admin.ts";
import { DateOnly } from "#domain/contracts/people.ts";
import { USER_GENDERS, UserGender } from "#domain/contracts/profile.ts";
import { ROLES } from "#domain/roles.ts";
import { adminTexts } from "#domain/texts-admin.ts";

const t = adminTexts;

/** The API contract with the form's empty values: a blank date or gender is "not set". */
const Form = AdminUserBody.extend({
  roles: z.array(z.enum(ROLES)).min(1, { error: t.chooseRole }),
  dateOfBirth: z.union([z.literal(""), DateOnly]),
  gender: z.union([UserGender, z.literal("")]),
});
type Form = z.infer<typeof Form>;

const valuesOf = (user: AdminUser | null): Form => ({
  name: user?.name ?? "",
  email: user?.email ?? "",
  roles: user?.roles ?? ["Owner"],
  gender: user?.gender ?? "",
  dateOfBirth: user?.dateOfBirth ?? "",
});

/** Add User or Edit User: name, email, roles, gender, date of birth. A new user signs in by an emailed link. */
export function UserFormDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AdminUser | null;
}) {
  const save = useSaveUser();
  const report = useAdminStatus();
  const ids = { gender: useId(), roles: useId() };
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: valuesOf(user) });
  const errors = form.formState.errors;

  useEffect(() => {
    if (!open) return;
    form.reset(valuesOf(user));
    save.reset();
  }, [open, user, form.reset, save.reset]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        id: user?.id ?? null,
        body: { ...values, gender: values.gender || null, dateOfBirth: values.dateOfBirth || null },
      },
      {
        onSuccess: (saved) => {
          report(
            "success",
            saved.signInLinkSentTo ? t.userAdded(saved.signInLinkSentTo) : t.userSaved(saved.user.name),
          );
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
      title={user ? t.editUser : t.addUser}
      description={user ? undefined : t.signInLinkNote}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" form="admin-user-form" disabled={save.isPending}>
            {t.save}
          </Button>
        </>
      }
    >
      <form id="admin-user-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={save.error?.message} />
        <Field
          label={t.name}
          required
          autoComplete="off"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <Field
          label={t.email}
          type="email"
          required
          autoComplete="off"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <fieldset className="flex flex-col gap-1" aria-describedby={errors.roles ? ids.roles : undefined}>
          <legend className="mb-1 text-sm font-medium text-stone-700">{t.roles}</legend>
          <div className="flex flex-wrap gap-2">
            {ROLES.map((role) => (
              <label
                key={role}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="checkbox"
                  value={role}
                  className="size-5 accent-brand-700"
                  {...form.register("roles")}
                />
                {role}
              </label>
            ))}
          </div>
          {errors.roles ? (
            <p id={ids.roles} className="text-xs text-red-700">
              {errors.roles.message}
            </p>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.gender} className="text-sm font-medium text-stone-700">
              {t.gender}
            </label>
            <select
              id={ids.gender}
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
              {...form.register("gender")}
            >
              <option value="">{t.notSet}</option>
              {USER_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t.dateOfBirth}
            type="date"
            error={errors.dateOfBirth?.message}
            {...form.register("dateOfBirth")}
          />
        </div>
      </form>
    </Modal>
  );
}
