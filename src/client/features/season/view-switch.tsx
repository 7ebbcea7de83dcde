import { Segmented } from "#client/ui/segmented.tsx";
import { seasonViewTexts } from "#domain/texts/season-view.ts";

/** List / Calendar (issue 25); loaded after the first screen by ViewSlot (view-slot.tsx). */
export default function ViewSwitch({
  calendar,
  onChange,
}: {
  calendar: boolean;
  onChange: (calendar: boolean) => void;
}) {
  return (
    <Segmented
      label={seasonViewTexts.view.label}
      options={[
        [false, seasonViewTexts.view.list],
        [true, seasonViewTexts.view.calendar],
      ]}
      value={calendar}
      onChange={onChange}
    />
  );
}
