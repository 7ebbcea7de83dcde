import type { ReactNode } from "react";
import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import type { ShowClass } from "#domain/contracts/shows.ts";

/**
 * One class of the schedule: number, name and a slot for the viewer's entry icons. With `onSelect`
 * the whole row is a button (the class entry dialog opens from it); without, it is plain text.
 */
export function ClassRow({
  cls,
  onSelect,
  entryIcons,
  time,
  below,
}: {
  cls: ShowClass;
  onSelect?: ((cls: ShowClass) => void) | undefined;
  entryIcons?: ReactNode;
  /**
   * Under the name, in place of the planned time: the class's live status; null puts the planned time there
   * until the status comes (undefined keeps it at the right).
   */
  time?: ReactNode;
  /** Under the row (a posted class's placings, issue 22). */
  below?: ReactNode;
}) {
  const planned = cls.plannedTime && <small className="text-stone-600">≈ {cls.plannedTime}</small>;
  const content = (
    <>
      <span className="class-number">{cls.number}</span>
      {/* A live status is longer than a planned time: it goes under the name, so a phone keeps the name whole.
          The line keeps a status chip's height whatever it holds, so a status arriving moves nothing. */}
      <span className="min-w-0 flex-1 text-sm leading-snug text-stone-800">
        {cls.name}
        {time !== undefined && <span className="flex min-h-6 items-center">{time ?? planned}</span>}
      </span>
      {time === undefined && planned}
    </>
  );
  // The icons are buttons of their own (tooltips by tap and keyboard), so they sit beside the row
  // button rather than inside it.
  const icons = entryIcons ? (
    <span className="flex shrink-0 items-center gap-1 pr-1">{entryIcons}</span>
  ) : null;
  // In the page the server rendered the row is not ready until the screen is shown: a tap would do nothing.
  const ready = useAfterFirstScreen();
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
        disabled={!ready}
        onClick={() => onSelect(cls)}
        className={`${layout} class-row-button`}
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
