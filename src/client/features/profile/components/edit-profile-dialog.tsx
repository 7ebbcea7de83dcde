import { z } from "zod";
import { useUpdateProfile } from "#client/features/profile/api/update-profile.ts";
import { fieldOf, useDialogForm } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { Field } from "#client/ui/field.tsx";
import { SelectField } from "#client/ui/form-controls.tsx";
import { FormDialog } from "#client/ui/form-dialog.tsx";
import type { Me } from "#domain/contracts/auth.ts";
import { DateOnly } from "#domain/contracts/people.ts";
import { UpdateProfileBody, USER_GENDERS, UserGender } from "#domain/contracts/profile.ts";
import { profileTexts } from "#domain/texts/profile.ts";

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

  const submit = form.handleSubmit((values) =>
    save.mutate({ ...values, gender: values.gender || null }, { onSuccess: () => onOpenChange(false) }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.editProfileTitle}
      submitLabel={t.save}
      cancelLabel={t.cancel}
      busy={save.isPending}
      error={save.error?.message}
      onSubmit={submit}
    >
      <Field label={t.name} autoComplete="name" required {...fieldOf(form, "name")} />
      <Field label={t.email} type="email" autoComplete="email" required {...fieldOf(form, "email")} />
      <Field label={t.dateOfBirth} type="date" required {...fieldOf(form, "dateOfBirth")} />
      <SelectField
        label={t.gender}
        blank={t.selectGender}
        options={USER_GENDERS}
        {...fieldOf(form, "gender")}
      />
    </FormDialog>
  );
}
