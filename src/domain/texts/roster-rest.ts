/**
 * Beyond the spec (issue 33): the roster's page carries its first cards and the screen asks for the rest
 * after the first screen; what it says below the cards until they are there. Only that line uses them, so
 * they load with it, not with the roster's first load.
 */
export const rosterRestTexts = {
  loading: "Loading the rest of your season…",
  offline: "You are offline: the rest of your season comes when the connection returns.",
  failed: "Could not load the rest of your season.",
} as const;
