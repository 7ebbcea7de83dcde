import { entryStatusTexts } from "#domain/texts/entry-status.ts";

/**
 * A class entry's placing once the class's results are posted (issue 22): "2nd" in a small badge,
 * named for a screen reader with the horse ("Midnight Sun: 2nd in this class").
 */
export function PlacingBadge({ placing, horse }: { placing: string; horse: string | null }) {
  return (
    <span
      role="img"
      aria-label={entryStatusTexts.placed(placing, horse)}
      data-testid="entry-placing"
      className="placing-badge"
    >
      {placing}
    </span>
  );
}
