import type { NewShowReach } from "#domain/notifications/push-kinds.ts";
import { normaliseShowName } from "#domain/shows/show-prediction.ts";
import { stateName, stateOfLocation } from "#domain/shows/show-time-zone.ts";
import { notificationsTexts as t } from "#domain/texts/notifications.ts";

/*
 * Who hears of a new show (issue 24, ADR 023); each person's choice is a NewShowReach (push-kinds.ts),
 * and how a notice of new shows is worded.
 */

/** A new show as the rule sees it. */
export interface NewShowFacts {
  name: string;
  location: string;
  /** The divisions its classes carry; empty while it has no class list (a calendar import). */
  divisionIds: readonly string[];
}

/** What ties a person to shows: gathered from their entries, show records and horses. */
export interface PersonTies {
  reach: NewShowReach;
  /** normaliseShowName of every show they have an entry at or a show record from. */
  showNames: ReadonlySet<string>;
  /** The states (postal codes) of the shows they have entries at. */
  states: ReadonlySet<string>;
  /** The divisions of the horses they own or train. */
  divisionIds: ReadonlySet<string>;
}

/**
 * Whether a person hears of `show`. With `near`, one of two ties:
 * 1. an earlier edition: they have an entry at, or a show record from, a show of the same name
 *    (editions matched as AI Show Prediction matches them: years, edition numbers and notes ignored);
 * 2. their ground: they have had entries at shows in the new show's state, and the show offers a
 *    division one of their horses is in. While either side names no division (a show imported from
 *    a calendar has no classes yet; a rider may have no horse), the state alone is the tie.
 */
export function hearsOfNewShow(person: PersonTies, show: NewShowFacts): boolean {
  if (person.reach === "none") return false;
  if (person.reach === "all") return true;
  if (person.showNames.has(normaliseShowName(show.name))) return true;
  const state = stateOfLocation(show.location);
  if (!state || !person.states.has(state)) return false;
  if (show.divisionIds.length === 0 || person.divisionIds.size === 0) return true;
  return show.divisionIds.some((id) => person.divisionIds.has(id));
}

/** A location that says nothing yet ("TBD", "To be announced", blank): never printed in a notice. */
export const isPlaceholderLocation = (location: string): boolean =>
  /^(?:tbd|tba|tbc|to be (?:announced|determined|confirmed)|unknown|n\/?a|-+|\?+)?$/i.test(location.trim());

/** "Tennessee", "Kentucky and Tennessee", "Alabama, Kentucky and Tennessee", "Tennessee and elsewhere". */
const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** The most states a summary names one by one; more are counted ("in 5 states"). */
const MOST_STATES_NAMED = 3;

/** The notice for one new show; a placeholder location ("TBD") is left out. */
export const newShowNotice = (show: { name: string; location: string }): string =>
  t.newShow(show.name, isPlaceholderLocation(show.location) ? null : show.location.trim());

/**
 * The one notice a person gets for several new shows at once (a calendar import): where they are,
 * by state. Shows whose location names no state are "elsewhere".
 */
export function newShowsSummary(locations: readonly string[]): string {
  const states = [...new Set(locations.map(stateOfLocation).filter((s): s is string => s !== null))]
    .map(stateName)
    .sort((a, b) => a.localeCompare(b));
  const elsewhere = locations.some((l) => stateOfLocation(l) === null);
  const n = locations.length;
  if (states.length === 0) return t.newShowsNoPlace(n);
  if (states.length > MOST_STATES_NAMED) return t.newShowsInStates(n, states.length, elsewhere);
  return t.newShowsIn(n, listed(elsewhere ? [...states, t.elsewhere] : states));
}
