import { classStatusText } from "#domain/show-day/class-status-text.ts";
import type { ClassDayStatus } from "#domain/show-day/ring-estimates.ts";

const tones: Record<ClassDayStatus["kind"], string> = {
  "in-ring": "bg-emerald-700 text-white",
  "up-next": "bg-amber-200 text-amber-950",
  away: "bg-amber-50 text-amber-900 ring-1 ring-amber-300",
  done: "bg-stone-200 text-stone-700",
  scratched: "bg-red-50 text-red-800 ring-1 ring-red-200",
  estimate: "bg-brand-50 text-brand-800",
  none: "",
};

/** What one of my classes says on show day: In the ring, Up next, N classes away · ≈ time, Done, Scratched. */
export function ClassStatus({ status, zone }: { status: ClassDayStatus; zone: string }) {
  const text = classStatusText(status, zone);
  if (text === null) return null;
  return (
    <span
      data-testid="class-day-status"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status.kind]}`}
    >
      {text}
    </span>
  );
}
