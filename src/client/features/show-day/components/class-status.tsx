import type { ClassDayStatus } from "#domain/show-day/ring-estimates.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.status;

/** What one of my classes says on show day: In the ring, Up next, N classes away · ≈ time, Done, Scratched. */
export function ClassStatus({ status, zone }: { status: ClassDayStatus; zone: string }) {
  const time = (at: number | null) => (at === null ? null : formatShowTime(at, zone));
  const chip = (text: string, tone: string) => (
    <span
      data-testid="class-day-status"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
    >
      {text}
    </span>
  );
  switch (status.kind) {
    case "in-ring":
      return chip(t.inRing, "bg-emerald-700 text-white");
    case "up-next":
      return chip(
        status.at === null ? t.upNext : `${t.upNext} · ${t.estimate(time(status.at)!)}`,
        "bg-amber-200 text-amber-950",
      );
    case "away":
      return chip(t.away(status.count, time(status.at)), "bg-amber-50 text-amber-900 ring-1 ring-amber-300");
    case "done":
      return chip(t.done, "bg-stone-200 text-stone-700");
    case "scratched":
      return chip(
        status.reason ? `${t.scratched}: ${status.reason}` : t.scratched,
        "bg-red-50 text-red-800 ring-1 ring-red-200",
      );
    case "estimate":
      return chip(t.estimate(time(status.at)!), "bg-brand-50 text-brand-800");
    default:
      return null;
  }
}
