/** "a", "a or b", "a, b, or c". */
const orList = (items: readonly string[]) =>
  items.length <= 2 ? items.join(" or ") : `${items.slice(0, -1).join(", ")}, or ${items.at(-1)}`;

/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
export const recommendationsTexts = {
  aiPlanner: "AI Planner",
  horseLabel: "Horse for AI recommendations",
  dialogTitle: (horse: string) => `AI Recommendations for ${horse}`,
  analyzing: (horse: string) => `Analyzing class list for ${horse}...`,
  thinking: "The AI is thinking. This may take a moment.",
  /** Offline, instead of a spinner that would never stop (issue 24). */
  offline: "AI suggestions need a connection. Try again when you are back online.",
  seasonPlanTitle: "AI Season Plan",
  seasonPlanSubtitle: (horse: string) => `Recommended classes for ${horse} at every upcoming show`,
  progress: (done: number, total: number) => `Analyzing ${done} of ${total} shows...`,
  progressLabel: "Shows analyzed",
  noSuitableTitle: "No Suitable Classes Found",
  noSuitableShow: (horse: string) => `None of this show's classes is open to ${horse} with you riding.`,
  noSuitableSeason: (horse: string) => `No upcoming show has a class open to ${horse} with you riding.`,
  otherShows: (n: number) =>
    n === 1
      ? "1 other upcoming show has no suitable classes."
      : `${n} other upcoming shows have no suitable classes.`,
  fewFit: (n: number, horse: string, reasons: readonly string[]) =>
    `Only ${n === 1 ? "1 class" : `${n} classes`} at this show ${n === 1 ? "fits" : "fit"} ${horse}: the others are for ${orList(reasons)}.`,
  noneFit: (reasons: readonly string[]) => `Its classes are for ${orList(reasons)}.`,
  viewShow: "View show",
  classNumber: (n: string) => `Class ${n}`,
  done: "Done",
  showMore: "Show more shows",
  noHorses: "Add a horse to get recommendations.",
  yourHorses: "Your Horses",
  loadHorsesFailed: "Could not load your horses.",
  fromLlm: "Suggested by the AI model, checked against the class rules.",
  fromRules: "Chosen by Ringside's class rules from the class names.",
  pastShow: "Recommendations are only for shows that have not ended.",
  notYourHorse: "You can only get recommendations for horses you own or train.",
  rateLimited: "Too many AI requests. Please wait a minute and try again.",
} as const;
