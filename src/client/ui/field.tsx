import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from "react";

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrame {
  label: string;
  /** A line under the control that helps fill it in. */
  hint?: string | undefined;
  error?: string | undefined;
  id?: string | undefined;
}

/** The one way a form shows a field: label, control, hint and error, the last two read with the control. */
export function FormField({
  label,
  hint,
  error,
  id,
  children,
}: FieldFrame & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and error lines (also under a fieldset's choices). */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string | undefined;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export const controlClass =
  "min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-invalid:border-red-500";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & Omit<FieldFrame, "id">;

/** A labelled input (FormField with an input): spreads react-hook-form's `register`. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, error, id, ...props },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} id={id}>
      {(control) => <input ref={ref} className={controlClass} {...control} {...props} />}
    </FormField>
  );
});
