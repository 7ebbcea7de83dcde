import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useSignIn } from "#client/features/auth/api/sign-in.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { SignInBody } from "#domain/contracts/auth.ts";
import { authTexts } from "#domain/texts/auth.ts";

const Form = SignInBody.pick({ email: true, password: true });
type Form = z.infer<typeof Form>;

export function SignInForm({
  onError,
  defaultEmail,
}: {
  onError: (message: string | null) => void;
  defaultEmail: string;
}) {
  const signIn = useSignIn();
  // Defaults, not `values`: those would be set into the fields once the script runs, wiping what was
  // typed into the server's HTML before it ran. A picked demo account opens the form anew (a new key).
  const form = useForm<Form>({
    resolver: zodResolver(Form),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const submit = form.handleSubmit((values) => {
    onError(null);
    signIn.mutate(values, { onError: (e) => onError(e.message) });
  });
  return (
    // POST: a form sent before the page has hydrated must not put what was typed into the address.
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label={authTexts.email}
        type="email"
        autoComplete="email"
        required
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <Field
        label={authTexts.password}
        type="password"
        autoComplete="current-password"
        required
        error={form.formState.errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in…" : authTexts.signInButton}
      </Button>
    </form>
  );
}
