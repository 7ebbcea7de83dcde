import { z } from "zod";
import { useSaveUser } from "#client/features/admin/api/users.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { useDialogForm } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Choice, ChoiceGroup, SelectField } from "#client/ui/form-controls.tsx";
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
        <ChoiceGroup legend={t.roles} error={errors.roles?.message}>
          {ROLES.map((role) => (
            <Choice key={role} value={role} label={role} {...form.register("roles")} />
          ))}
        </ChoiceGroup>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label={t.gender}
            blank={t.notSet}
            options={USER_GENDERS}
            {...form.register("gender")}
          />
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
