import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useConfig } from "#client/features/auth/api/get-config.ts";
import { useCompleteDemoMagicLink } from "#client/features/auth/api/get-demo-magic-link.ts";
import { useSendMagicLink } from "#client/features/auth/api/send-magic-link.ts";
import { zodResolver } from "#client/lib/zod-resolver.ts";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { MagicLinkBody } from "#domain/contracts/auth.ts";
import { authTexts } from "#domain/texts/auth.ts";

const Form = MagicLinkBody.pick({ email: true });
type Form = z.infer<typeof Form>;

export function MagicLinkForm({
  onError,
  landing,
}: {
  onError: (message: string | null) => void;
  /** Where the link opens once followed (afterSignInPath). */
  landing: string;
}) {
  const send = useSendMagicLink();
  const complete = useCompleteDemoMagicLink();
  const config = useConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [demoNonce, setDemoNonce] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: { email: "" } });

  const submit = form.handleSubmit((values) => {
    onError(null);
    send.mutate(
      { email: values.email, landing },
      {
        onSuccess: (sent) => {
          setSentTo(values.email);
          setDemoNonce(sent.demoNonce ?? null);
        },
        onError: (e) => onError(e.message),
      },
    );
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-3 text-sm text-brand-900">
          {authTexts.magicLinkSent(sentTo)}
        </p>
        {config.data?.demo && demoNonce ? (
          <Button
            disabled={complete.isPending}
            onClick={() => {
              onError(null);
              complete.mutate(demoNonce, { onError: (e) => onError(e.message) });
            }}
          >
            {authTexts.completeMagicLink}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            onError(null);
            setSentTo(null);
            setDemoNonce(null);
            form.reset({ email: "" });
          }}
        >
          {authTexts.differentEmail}
        </Button>
      </div>
    );
  }

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
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? "Sending…" : authTexts.sendMagicLink}
      </Button>
    </form>
  );
}
