/**
 * Two or more toggle buttons in a pill, the pressed one being the choice (the planner's Upcoming / Past,
 * the List / Calendar switch). Tiny on purpose: it sits on budgeted first loads.
 */
export function Segmented<T extends string | boolean>({
  label,
  options,
  value,
  onChange,
  className = "",
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset
      className={`flex min-w-0 gap-1 rounded-lg border border-stone-200 bg-stone-100 p-1 sm:inline-flex ${className}`}
    >
      <legend className="sr-only">{label}</legend>
      {options.map(([option, text]) => (
        <button
          key={String(option)}
          type="button"
          aria-pressed={value === option}
          onClick={() => value !== option && onChange(option)}
          className="segment-option"
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
