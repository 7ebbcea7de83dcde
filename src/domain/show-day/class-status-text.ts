import type { ClassDayStatus } from "#domain/show-day/ring-estimates.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.status;

/**
 * What a class says on show day in words, the same on every screen and sheet (issue 34): "In the ring",
 * "Up next · ≈ 7:42 PM CDT", "3 classes away · ≈ …", "Done", "Scratched: no entries", "≈ 7:42 PM CDT".
 * A scratched or done class carries no time. Null when there is nothing to say (an untimed class).
 */
export function classStatusText(status: ClassDayStatus, zone: string): string | null {
  const time = (at: number | null) => (at === null ? null : formatShowTime(at, zone));
  switch (status.kind) {
    case "in-ring":
      return t.inRing;
    case "up-next":
      return status.at === null ? t.upNext : `${t.upNext} · ${t.estimate(time(status.at)!)}`;
    case "away":
      return t.away(status.count, time(status.at));
    case "done":
      return t.done;
    case "scratched":
      return status.reason ? `${t.scratched}: ${status.reason}` : t.scratched;
    case "estimate":
      return t.estimate(time(status.at)!);
    default:
      return null;
  }
}
