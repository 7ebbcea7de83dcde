/**
 * A roster with nothing in any section (a new account, issue 34): said once, with what to do, instead
 * of "No classes scheduled for this period." under each of the three sections. Only the lazy
 * NothingYet part imports it, so the roster's first load does not carry it.
 */
export const rosterEmptyTexts = {
  nothingYet: "Nothing on your roster yet.",
  nothingYetHint:
    "Find a show in the Planner and mark the classes you show in or follow; they appear here by day.",
} as const;
