/**
 * Posted results' words (issue 22): posting, placings, notifications, standings.
 * Lazy screens and the server use them; nothing on the first-load path imports this module.
 */
import { placingLabel } from "#domain/placing.ts";

const line = (n: number) => `Line ${n}`;

export const resultsTexts = {
  problems: {
    noPlacings: "No placings found",
    noPlacing: (n: number, text: string) => `${line(n)}: no placing at the start ("${text}").`,
    badPlacing: (n: number, text: string) => `${line(n)}: "${text}" is not a placing.`,
    noHorse: (n: number) => `${line(n)}: no horse name.`,
    twice: (n: number, placing: number, first: number) =>
      `${line(n)}: a second ${placingLabel(String(placing))} (line ${first} is ${placingLabel(String(placing))}).`,
    gap: (n: number, placing: number, missing: number) =>
      `${line(n)}: ${placingLabel(String(placing))} with no ${placingLabel(String(missing))} before it. If the show meant it, tick "The show left placings out".`,
    notConfirmed: (n: number, name: string) =>
      `${line(n)}: "${name}" is only a close match. Confirm the horse or keep the name as printed.`,
    unknownHorse: (n: number) => `${line(n)}: that horse is not in Ringside.`,
    horseTwice: (n: number, first: number) => `${line(n)}: the same horse as line ${first}.`,
    stale: "Someone corrected these results meanwhile. Reload them and correct again.",
    classNotInShow: "That class is not in this show.",
    notPublished: "This class has no published results to correct.",
    alreadyPublished: "This class's results are already published. Correct them instead.",
    notAllowed: "Only admins and this show's ring stewards can post its results.",
    tooManyLines: "A class has at most 300 placings.",
  },
  shown: "Shown",
  placed: (horse: string, placing: number, classNumber: string, show: string) =>
    `${horse} placed ${placingLabel(String(placing))} in Class ${classNumber} at ${show}`,
  corrected: (message: string) => `Result corrected: ${message}`,
  correctedRemoved: (horse: string, classNumber: string, show: string) =>
    `Result corrected: ${horse} is no longer placed in Class ${classNumber} at ${show}`,
  fromResults: "from the show's results",
  correctedMark: "corrected",
  standingLine: (rank: number, of: number, division: string, points: number) =>
    `${placingLabel(String(rank))} of ${of} in ${division}, ${points} pts`,
  csvHeader: ["Rank", "Horse", "Points", "Shows", "Classes", "1st", "2nd", "3rd"],
} as const;
