import type { ReactNode } from "react";
import type { ShowClass } from "#domain/contracts/shows.ts";

/**
 * One class of the schedule: number, name and a slot for the viewer's entry icons. With `onSelect`
 * the whole row is a button (the class entry dialog opens from it); without, it is plain text.
 */
export function ClassRow({
  cls,
  onSelect,
  entryIcons,
  below,
}: {
  cls: ShowClass;
  onSelect?: ((cls: ShowClass) => void) | undefined;
  entryIcons?: ReactNode;
  /** Under the row (a posted class's placings, issue 22). */
  below?: ReactNode;
}) {
  const content = (
    <>
      <span className="w-12 shrink-0 text-right font-mono text-sm font-semibold text-brand-700 tabular-nums">
        {cls.number}
      </span>
      <span className="min-w-0 flex-1 text-sm leading-snug text-stone-800">{cls.name}</span>
      {cls.plannedTime && <small className="text-stone-600">≈ {cls.plannedTime}</small>}
    </>
  );
  // The icons are buttons of their own (tooltips by tap and keyboard), so they sit beside the row
  // button rather than inside it.
  const icons = entryIcons ? (
    <span className="flex shrink-0 items-center gap-1 pr-1">{entryIcons}</span>
  ) : null;
  const layout = "flex min-h-12 w-full items-center gap-3 px-3 py-2 text-left";
  const row = !onSelect ? (
    <div className={layout}>
      {content}
      {icons}
    </div>
  ) : (
    <div className="flex w-full items-center">
      <button
        type="button"
        onClick={() => onSelect(cls)}
        className={`${layout} min-w-0 flex-1 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-offset-[-2px]`}
      >
        {content}
      </button>
      {icons}
    </div>
  );
  return (
    <div className="border-b border-stone-100">
      {row}
      {below}
    </div>
  );
}
