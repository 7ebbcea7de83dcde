import { lazy } from "react";
import { Segmented } from "#client/ui/segmented.tsx";
import { seasonViewTexts } from "#domain/texts-season-view.ts";

/** The URL's word for the calendar view (`?view=calendar`); the list is the default and has none. */
export const CALENDAR_VIEW = "calendar";

/** The month calendar (issue 25): its own chunk, loaded only when chosen. */
export const SeasonCalendar = lazy(() => import("#client/features/season/season-calendar.tsx"));

/** List / Calendar, kept in the URL by the screen (`view=calendar`). */
export function ViewSwitch({
  calendar,
  onChange,
}: {
  calendar: boolean;
  onChange: (calendar: boolean) => void;
}) {
  return (
    <Segmented
      label={seasonViewTexts.view.label}
      className="sm:ml-2"
      options={[
        [false, seasonViewTexts.view.list],
        [true, seasonViewTexts.view.calendar],
      ]}
      value={calendar}
      onChange={onChange}
    />
  );
}
