import { z } from "zod";
import { useUpdateProfile } from "#client/features/profile/api/update-profile.ts";
import { useDialogForm } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { SelectField } from "#client/ui/form-controls.tsx";
import type { Me } from "#domain/contracts/auth.ts";
import { DateOnly } from "#domain/contracts/people.ts";
import { UpdateProfileBody, USER_GENDERS, UserGender } from "#domain/contracts/profile.ts";
import { profileTexts } from "#domain/texts-profile.ts";

const t = profileTexts;

/** The API contract, with the form's empty values: a blank date is "required", a blank gender is none. */
const Form = UpdateProfileBody.extend({
  dateOfBirth: z.string().min(1, { error: "Date of birth is required." }).pipe(DateOnly),
  gender: z.union([UserGender, z.literal("")]),
});
type Form = z.infer<typeof Form>;

const valuesOf = (me: Me): Form => ({
  name: me.name,
  email: me.email,
  dateOfBirth: me.dateOfBirth ?? "",
  gender: me.gender ?? "",
});

/** Edit Profile: name, e-mail (email format) and date of birth required; gender Male, Female or Other. */
export function EditProfileDialog({
  me,
  open,
  onOpenChange,
}: {
  me: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useUpdateProfile();
  const form = useDialogForm({ open, source: me, valuesOf, resolver: zodResolver(Form), saving: save });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    save.mutate({ ...values, gender: values.gender || null }, { onSuccess: () => onOpenChange(false) }),
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.editProfileTitle}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" form="edit-profile-form" disabled={save.isPending}>
            {t.save}
          </Button>
        </>
      }
    >
      <form id="edit-profile-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={save.error?.message} />
        <Field
          label={t.name}
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register("name")}
        />
        <Field
          label={t.email}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register("email")}
        />
        <Field
          label={t.dateOfBirth}
          type="date"
          required
          error={errors.dateOfBirth?.message}
          {...form.register("dateOfBirth")}
        />
        <SelectField
          label={t.gender}
          blank={t.selectGender}
          options={USER_GENDERS}
          {...form.register("gender")}
        />
      </form>
    </Modal>
  );
}
