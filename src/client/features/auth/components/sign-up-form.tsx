import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useSignUp } from "#client/features/auth/api/sign-up.ts";
import { fieldOf } from "#client/lib/use-dialog-form.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { MessageDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Choice, ChoiceGroup } from "#client/ui/form-controls.tsx";
import { SignUpBody } from "#domain/contracts/auth.ts";
import { authTexts } from "#domain/texts/auth.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

const Form = SignUpBody.pick({ name: true, email: true, password: true }).extend({
  role: z.enum(["Owner", "Trainer"]),
  confirmPassword: z.string().min(1, { error: "Confirm your password." }),
});
type Form = z.infer<typeof Form>;

export function SignUpForm({ onError }: { onError: (message: string | null) => void }) {
  const signUp = useSignUp();
  const [mismatch, setMismatch] = useState(false);
  const form = useForm<Form>({
    resolver: zodResolver(Form),
    defaultValues: { role: "Owner", name: "", email: "", password: "", confirmPassword: "" },
  });

  const submit = form.handleSubmit(({ confirmPassword, ...values }) => {
    onError(null);
    if (values.password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    signUp.mutate(values, { onError: (e) => onError(e.message) });
  });

  return (
    // POST: a form sent before the page has hydrated must not put what was typed into the address.
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ChoiceGroup legend={authTexts.signingUpAs} className="grid grid-cols-2 gap-2">
        {(["Owner", "Trainer"] as const).map((role) => (
          <Choice
            key={role}
            type="radio"
            look="segment"
            value={role}
            label={role}
            {...form.register("role")}
          />
        ))}
      </ChoiceGroup>
      <Field label={authTexts.name} autoComplete="name" required {...fieldOf(form, "name")} />
      <Field label={authTexts.email} type="email" autoComplete="email" required {...fieldOf(form, "email")} />
      <Field
        label={authTexts.password}
        type="password"
        autoComplete="new-password"
        required
        {...fieldOf(form, "password")}
      />
      <Field
        label={authTexts.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        {...fieldOf(form, "confirmPassword")}
      />
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? "Creating account…" : authTexts.signUpButton}
      </Button>
      <MessageDialog
        open={mismatch}
        message={errorsTexts.passwordsDoNotMatch}
        onClose={() => setMismatch(false)}
      />
    </form>
  );
}
