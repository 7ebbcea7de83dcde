import { lazy } from "react";

/**
 * The printed schedule's route entry (issue 25), like Ring control's: the app's entry chunk names this
 * one small chunk, never the screen's, so no budgeted first load grows.
 */
const PrintScheduleScreen = lazy(() => import("#client/features/season/print-schedule-screen.tsx"));

export default function PrintScheduleRoute() {
  return <PrintScheduleScreen />;
}
