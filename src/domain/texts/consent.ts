/** Words of consent with a tie (issue 24, item 3) and the roster-write cap (issue 19, item 12). */
export const consentTexts = {
  noTie: "Only your friends and your barn can add classes to your roster.",
  rosterWriteLimit: (limit: number, wait: string) =>
    `You have added ${limit} classes to other people's rosters this hour. Try again in ${wait}.`,
} as const;
