import type { Roster } from "#domain/contracts/roster.ts";

/** The cards the roster draws at once; the rest come a few at a time after the first screen. */
export const ROSTER_FIRST_CARDS = 6;

/** The roster's sections in the screen's order, the order in which the page keeps their first cards. */
export const ROSTER_SECTIONS = ["today", "thisWeek", "showSeason"] as const;

/**
 * The roster as its page carries it (issue 33): the first `count` cards in the screen's order, and how many
 * it left out. A steward's season is 78 cards, 95 KB of JSON in a page that draws six; the rest are asked
 * for after the first screen. A roster with no more cards than that is returned as it is.
 */
export function firstCards(roster: Roster, count = ROSTER_FIRST_CARDS): Roster {
  const total = ROSTER_SECTIONS.reduce((n, key) => n + roster.sections[key].length, 0);
  if (total <= count) return roster;
  let left = count;
  const cut = (key: (typeof ROSTER_SECTIONS)[number]) => {
    const cards = roster.sections[key].slice(0, left);
    left -= cards.length;
    return cards;
  };
  return {
    today: roster.today,
    sections: { today: cut("today"), thisWeek: cut("thisWeek"), showSeason: cut("showSeason") },
    rest: total - count,
  };
}
