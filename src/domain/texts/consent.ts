/** Words of consent with a tie (issue 24, item 3) and the roster-write cap (issue 19, item 12). */
export const consentTexts = {
  noTie: "Only your friends and your barn can add classes to your roster.",
  /** The refusal said to the one who tried, naming whose roster it means (issue 34, item 7). */
  noTieFor: (name: string) => `Only ${name}'s friends and barn can add classes to ${name}'s roster.`,
  rosterWriteLimit: (limit: number, wait: string) =>
    `You have added ${limit} classes to other people's rosters this hour. Try again in ${wait}.`,
} as const;
