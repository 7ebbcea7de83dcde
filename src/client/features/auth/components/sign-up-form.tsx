import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useSignUp } from "#client/features/auth/api/sign-up.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { MessageDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { SignUpBody } from "#domain/contracts/auth.ts";
import { authTexts } from "#domain/texts-auth.ts";
import { errorsTexts } from "#domain/texts-errors.ts";

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
  const errors = form.formState.errors;

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
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-700">{authTexts.signingUpAs}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["Owner", "Trainer"] as const).map((role) => (
            <label
              key={role}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 px-3 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-400"
            >
              <input type="radio" value={role} className="sr-only" {...form.register("role")} />
              {role}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={authTexts.name}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register("name")}
      />
      <Field
        label={authTexts.email}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Field
        label={authTexts.password}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Field
        label={authTexts.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
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
