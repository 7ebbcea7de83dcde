import { MIN_SEARCH_LETTERS } from "#domain/people/people-search.ts";

/** Finding people (issue 34, item 7; ADR 034): the rider search, Add Friends and the profile setting. */
export const peopleSearchTexts = {
  typeMore: `Type at least ${MIN_SEARCH_LETTERS} letters of a name, or a whole email address.`,
  nobodyFound: "People you don't know are found only if they allow it on their profile.",
  tooManySearches: "That was a lot of searches in one minute. Wait a minute, then search again.",
  findRider: "Find someone else",
  findRiderLabel: (tile: string) => `Find a rider for ${tile}`,
  choose: (name: string) => `Choose ${name}`,
  /** What tells namesakes apart. */
  details: (person: { town: string | null; barn: string | null }) =>
    [person.town, person.barn ? `Barn: ${person.barn}` : null].filter(Boolean).join(" · "),
  setting: {
    title: "Who can find me",
    hint: "Your friends and your barn always see you. Anyone else can find you by name or email only if you allow it.",
    findable: "Let people who don't know me find me by name or email",
    town: "Town (shown beside your name in searches)",
    save: "Save",
    saved: "Saved.",
    loadFailed: "Could not load this setting.",
  },
} as const;
