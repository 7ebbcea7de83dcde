/**
 * The few season words on first loads (issue 25): the planner's and the roster's List / Calendar switch
 * and the word before a conflict warning. Apart from texts.ts so show detail's first load does not carry
 * them; the calendar's and the printed schedule's words are in texts-season.ts.
 */
export const seasonViewTexts = {
  view: { label: "View", list: "List", calendar: "Calendar" },
  /** Before a season conflict's words, on the roster and show detail. */
  entryConflict: "Conflict",
} as const;
