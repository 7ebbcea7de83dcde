/**
 * Text typed into a server-rendered field before the page's script ran stays in the field when React
 * hydrates it, but not in the state that controls the field: nothing reads it, and the next render wipes
 * it. Given as the field's `ref`, this takes the field's text up into that state as the field hydrates.
 */
export const keepTypedEarly =
  (value: string, set: (typed: string) => void) =>
  (field: HTMLInputElement | null): void => {
    if (field && field.value !== value) set(field.value);
  };
