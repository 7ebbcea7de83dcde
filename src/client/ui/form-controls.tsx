import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from "react";
import { controlClass, type FieldFrame, FieldNotes, FormField } from "#client/ui/field.tsx";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  Omit<FieldFrame, "id"> & {
    /**
     * Each choice by its own words, or a value with the words it is shown by (and its own key when
     * two choices may share a value).
     */
    options: readonly (string | { value: string; label: string; key?: string })[];
    /** The blank choice's words ("Not set"); without it there is no blank choice. */
    blank?: string;
  };

/** A labelled select (FormField with a select), options by their own words or by value and words. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, id, options, blank, ...props },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select ref={ref} className={controlClass} {...control} {...props}>
          {blank !== undefined ? <option value="">{blank}</option> : null}
          {options.map((o) => {
            const { value, label, key = value } = typeof o === "string" ? { value: o, label: o } : o;
            return (
              <option key={key} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );
});

/** A group of choices (radios or checkboxes) under one legend, with the group's hint and error. */
export function ChoiceGroup({
  legend,
  hint,
  error,
  className = "flex flex-wrap gap-2",
  children,
}: {
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** How the choices are laid out. */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-1 text-sm font-medium text-stone-700">{legend}</legend>
      <div className={className}>{children}</div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}

type ChoiceProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** "segment": the box is hidden and the whole tile is the choice (Owner / Trainer, Yes / No). */
  look?: "segment" | "chip" | "row";
};

const LOOKS = {
  segment:
    "flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 px-3 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-400",
  chip: "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50",
  row: "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-stone-800 hover:bg-stone-50",
} as const;

/** One radio or checkbox with its words, in one of the app's looks; spreads react-hook-form's `register`. */
export const Choice = forwardRef<HTMLInputElement, ChoiceProps>(function Choice(
  { label, look = "chip", type = "checkbox", ...props },
  ref,
) {
  return (
    <label className={LOOKS[look]}>
      <input
        ref={ref}
        type={type}
        className={look === "segment" ? "sr-only" : "size-5 accent-brand-700"}
        {...props}
      />
      {label}
    </label>
  );
});
