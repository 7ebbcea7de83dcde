/**
 * The spec's texts of show detail, word for word (see shell.ts). Only show detail, its parts and the calendar
 * file use them, so they load with show detail's chunk rather than every screen's first load (ADR 015).
 */
export const showTexts = {
  addToCalendar: "Add to Calendar",
  /** The AI row's title (its other words are in texts/recommendations.ts): shown before its code loads. */
  aiRowTitle: "AI Recommendations",
  /** Opens the printed barn schedule (issue 25); its words are in texts/season.ts. */
  printSchedule: "Print schedule",
  searchClasses: (n: number) => `Search ${n} classes...`,
  noClassesMatch: "No classes match your search.",
  noClasses: "No classes found for this show.",
  notFoundTitle: "Show not found",
  notFoundBody: "The show you are looking for does not exist.",
  backToPlanner: "Back to Planner",
  details: "Details",
  dates: "Dates",
  judges: "Judges",
  sanctioningOrg: "Sanctioning Org",
  classSchedule: "Class Schedule",
  searchLabel: "Search classes",
  classCount: (shown: number, total: number) =>
    shown === total ? `${total} ${total === 1 ? "class" : "classes"}` : `${shown} of ${total} classes`,
  loadFailed: "Could not load this show.",
} as const;
