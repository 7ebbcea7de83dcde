/**
 * The words of the planner's and the roster's List / Calendar switch (issue 25), a chunk loaded after
 * the first screen; the calendar's and the printed schedule's words are in texts/season.ts.
 */
export const seasonViewTexts = {
  view: { label: "View", list: "List", calendar: "Calendar" },
} as const;
