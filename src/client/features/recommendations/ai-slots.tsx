import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";

/**
 * Where the planner puts its AI row (show detail's is show-ai-slot.tsx: each screen's first load carries
 * only its own). The rows (and, behind them, the dialogs) are separate chunks: these slots are all the
 * first-load path carries, and a row's chunk is asked for once the first screen is shown
 * (after-first-screen.ts), so it takes no bandwidth from that screen's first paint. The placeholder keeps
 * the row's height so nothing below it moves when it arrives.
 */
const PlannerAiRow = retryingLazy(
  () => import("#client/features/recommendations/components/planner-ai-row.tsx"),
);

const placeholder = (
  <div
    aria-hidden
    className="min-h-[9.5rem] rounded-xl border border-brand-100 bg-brand-50/60 sm:min-h-[7.5rem]"
  />
);

export function PlannerAiSlot() {
  const later = useAfterFirstScreen();
  return (
    <div className="mb-4">
      <LoadBoundary fallback={placeholder}>{later ? <PlannerAiRow /> : placeholder}</LoadBoundary>
    </div>
  );
}
