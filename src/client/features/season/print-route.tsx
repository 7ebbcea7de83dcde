import { retryingLazy } from "#client/lib/retrying-lazy.ts";

/**
 * The printed schedule's route entry (issue 25), like Ring control's: the app's entry chunk names this
 * one small chunk, never the screen's, so no budgeted first load grows.
 */
const PrintScheduleScreen = retryingLazy(() => import("#client/features/season/print-schedule-screen.tsx"));

export default function PrintScheduleRoute() {
  return <PrintScheduleScreen />;
}
