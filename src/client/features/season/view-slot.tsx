import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { useSearchParams } from "#client/app/routing.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";

/**
 * The planner's and the roster's List / Calendar choice (issue 25), kept in the URL (`?view=calendar`;
 * the list has none, and leaving the calendar drops its `month` and `day`). In both screens' first load,
 * so tiny: the switch itself and the calendar are chunks of their own, the switch fetched once the first
 * screen is shown, in a slot of its own height so nothing moves when it arrives.
 */
const Switch = retryingLazy(() => import("#client/features/season/view-switch.tsx"));

/** The month calendar: its own chunk, loaded only when chosen. */
export const SeasonCalendar = retryingLazy(() => import("#client/features/season/season-calendar.tsx"));

/** Whether the calendar is chosen, and a way to choose (keeping the screen's other parameters). */
export function useCalendarView(): [boolean, (calendar: boolean) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get("view") === "calendar",
    (calendar) => {
      const next = new URLSearchParams(params);
      if (calendar) next.set("view", "calendar");
      else for (const key of ["view", "month", "day"]) next.delete(key);
      setParams(next);
    },
  ];
}

export function ViewSlot({ view }: { view: ReturnType<typeof useCalendarView> }) {
  const later = useAfterFirstScreen();
  return (
    <div className="mb-4 min-h-[3.375rem] w-full sm:w-auto sm:min-w-[12rem]">
      {later ? (
        <LoadBoundary fallback={null} quiet={null}>
          <Switch calendar={view[0]} onChange={view[1]} />
        </LoadBoundary>
      ) : null}
    </div>
  );
}
