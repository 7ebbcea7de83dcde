import { useEffect } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";

/** The part of a TanStack mutation a form needs: its error, and a way to clear it. */
interface Saving {
  error: Error | null;
  reset: () => void;
}

/**
 * A dialog's form: it starts from `valuesOf(source)` each time the dialog opens (and clears the last save's
 * error), and a server error shown in the form clears as soon as any field changes, so it shows once and
 * never outlives the value it was about.
 */
export function useDialogForm<Form extends FieldValues, Source>({
  open,
  source,
  valuesOf,
  resolver,
  saving,
}: {
  open: boolean;
  source: Source;
  valuesOf: (source: Source) => Form;
  resolver: Resolver<Form>;
  saving: Saving;
}) {
  const form = useForm<Form>({ resolver, defaultValues: valuesOf(source) as DefaultValues<Form> });
  const { reset } = form;
  const clear = saving.reset;
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesOf is a module function; the dialog restarts on open or a new source
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(source));
    clear();
  }, [open, source, reset, clear]);
  useClearOnChange(form.watch, saving);
  return form;
}

/** Clears a save's error when any field of the form changes (react-hook-form's `watch`). */
export function useClearOnChange(
  watch: (callback: () => void) => { unsubscribe: () => void },
  saving: Saving,
) {
  const failed = saving.error !== null;
  const clear = saving.reset;
  useEffect(() => {
    if (!failed) return;
    const subscription = watch(() => clear());
    return () => subscription.unsubscribe();
  }, [failed, watch, clear]);
}

/**
 * react-hook-form's field API for one of our fields: its registration and its error message, so a field
 * is one line (`<Field label={t.name} required {...fieldOf(form, "name")} />`).
 */
export function fieldOf<Form extends FieldValues>(form: UseFormReturn<Form>, name: Path<Form>) {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return { ...form.register(name), error: errors[name]?.message };
}
