import { type ReactNode, useRef } from "react";
import { chosenByKey } from "#domain/shows/chosen-item.ts";

export interface Choice {
  key: string;
  /** What the row shows; its text is the option's name. */
  content: ReactNode;
  /** Marks a row whose form has a problem (its text says so too). */
  invalid?: boolean;
}

/**
 * The list of a master–detail editor from 1024 px (ADR 048): a single-choice listbox whose chosen option's
 * form is beside it. One Tab stop (the chosen option); the arrows, Home and End move the choice, which
 * follows focus as in a mail list; a click chooses too. Hidden below `lg`, where every form is in the column.
 */
export function ChoiceList({
  label,
  choices,
  chosen,
  onChoose,
}: {
  label: string;
  choices: readonly Choice[];
  chosen: string | null;
  onChoose: (key: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const at = choices.findIndex((c) => c.key === chosen);
  // At once, not after the next frame: a Tab pressed before the frame would leave from the option left
  // behind, and the keyboard would land on the newly chosen one instead of past the list.
  const focusOn = (index: number) =>
    list.current?.querySelectorAll<HTMLElement>("[role=option]")[index]?.focus();
  // A listbox must own options: with none there is no list (the editor says so in words).
  if (choices.length === 0) return null;
  return (
    <div
      ref={list}
      role="listbox"
      aria-label={label}
      className="hidden lg:flex lg:flex-col lg:gap-1"
      onKeyDown={(event) => {
        const next = chosenByKey(event.key, at, choices.length);
        if (next === null) return;
        event.preventDefault();
        onChoose(choices[next]!.key);
        focusOn(next);
      }}
    >
      {choices.map((choice, i) => {
        const selected = choice.key === chosen;
        return (
          <div
            key={choice.key}
            role="option"
            aria-selected={selected}
            tabIndex={selected || (at === -1 && i === 0) ? 0 : -1}
            onClick={() => onChoose(choice.key)}
            // The listbox's own onKeyDown moves the choice.
            onKeyDown={() => undefined}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${
              selected
                ? "border-brand-600 bg-brand-50 font-semibold text-brand-900"
                : "border-transparent text-stone-800 hover:bg-stone-100"
            }${choice.invalid ? " text-red-800" : ""}`}
          >
            {choice.content}
          </div>
        );
      })}
    </div>
  );
}
