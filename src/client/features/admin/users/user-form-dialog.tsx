import { z } from "zod";
import { useSaveUser } from "#client/features/admin/api/users.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { fieldOf, useDialogForm } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { Field } from "#client/ui/field.tsx";
import { Choice, ChoiceGroup, SelectField } from "#client/ui/form-controls.tsx";
import { FormDialog } from "#client/ui/form-dialog.tsx";
import { type AdminUser, AdminUserBody } from "#domain/contracts/admin.ts";
import { DateOnly } from "#domain/contracts/people.ts";
import { USER_GENDERS, UserGender } from "#domain/contracts/profile.ts";
import { ROLES } from "#domain/people/roles.ts";
import { adminTexts } from "#domain/texts/admin.ts";

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
  const form = useDialogForm({ open, source: user, valuesOf, resolver: zodResolver(Form), saving: save });
  const errors = form.formState.errors;

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
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={user ? t.editUser : t.addUser}
      description={user ? undefined : t.signInLinkNote}
      submitLabel={t.save}
      cancelLabel={t.cancel}
      busy={save.isPending}
      error={save.error?.message}
      onSubmit={submit}
      side
    >
      <Field label={t.name} required autoComplete="off" {...fieldOf(form, "name")} />
      <Field label={t.email} type="email" required autoComplete="off" {...fieldOf(form, "email")} />
      <ChoiceGroup legend={t.roles} error={errors.roles?.message}>
        {ROLES.map((role) => (
          <Choice key={role} value={role} label={role} {...form.register("roles")} />
        ))}
      </ChoiceGroup>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label={t.gender} blank={t.notSet} options={USER_GENDERS} {...fieldOf(form, "gender")} />
        <Field label={t.dateOfBirth} type="date" {...fieldOf(form, "dateOfBirth")} />
      </div>
    </FormDialog>
  );
}
