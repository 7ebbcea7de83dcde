/**
 * Beyond the spec (issue 36, ADR 035): the words of the wide layout's own parts, loaded with them (not with
 * the shell).
 */
export const wideTexts = {
  /** The side navigation's button that narrows it to its icons (a toggle: pressed while narrowed). */
  collapseNav: "Collapse navigation",
  collapse: "Collapse",
  /** The planner's third column from 1280 px when a show is chosen in the list (ADR 047). */
  chosenShow: "Chosen show",
  /** The roster's notifications column from 1280 px (ADR 047). */
  allNotifications: "All notifications",
} as const;
