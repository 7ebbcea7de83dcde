/**
 * Posted results' words (issue 22): posting, placings, notifications, standings.
 * Lazy screens and the server use them; nothing on the first-load path imports this module.
 */
import { placingLabel } from "#domain/results/placing.ts";

const line = (n: number) => `Line ${n}`;

export const resultsTexts = {
  problems: {
    noPlacings: "No placings found",
    noPlacing: (n: number, text: string) => `${line(n)}: no placing at the start ("${text}").`,
    badPlacing: (n: number, text: string) => `${line(n)}: "${text}" is not a placing.`,
    noHorse: (n: number, rest: string) =>
      `${line(n)}: no horse${rest ? ` (only "${rest}")` : ""}. Add the horse as printed or remove the line: a line without a horse is not published.`,
    lineTwice: (n: number) => `${line(n)} is there twice: give each placing its own line number.`,
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
  withdrawn: (message: string) => `Result withdrawn: ${message}`,
  correctedRemoved: (horse: string, classNumber: string, show: string) =>
    `Result corrected: ${horse} is no longer placed in Class ${classNumber} at ${show}`,
  fromResults: "from the show's results",
  correctedMark: "corrected",
  standingLine: (rank: number, of: number, division: string, points: number) =>
    `${placingLabel(String(rank))} of ${of} in ${division}, ${points} pts`,
  csvHeader: ["Rank", "Horse", "Points", "Shows", "Classes", "1st", "2nd", "3rd"],
  post: {
    title: "Post results",
    subtitle: (show: string) => `${show} · placings as the show printed them`,
    backToShow: "Back to the show",
    notAllowed: "Only admins and this show's ring stewards can post its results.",
    noClasses: "This show has no classes yet.",
    klass: "Class",
    classOption: (n: string, name: string, posted: boolean, scratched: boolean) =>
      `${n} · ${name}${scratched ? " (scratched)" : ""}${posted ? " (posted)" : ""}`,
    scratchedWarning: (n: string) =>
      `Class ${n} was scratched. Check that these are its results: published, they reach owners and the standings like any class's.`,
    how: "How the placings come in",
    typed: "Type or paste lines",
    csv: "CSV (placing, horse, rider, owner)",
    file: "Photo or PDF of the results sheet",
    linesLabel: "Placings, one a line",
    linesHint: "For example: 1 Midnight Sun — Jane Doe (rider) — Smith Farms. S for shown without a placing.",
    fileLabel: "Results sheet",
    gapsIntended: "The show left placings out (a gap such as 1, 2, 4 is meant)",
    preview: "Preview",
    reading: "Reading…",
    previewTitle: "Check the horses",
    problemsTitle: "Nothing can be published yet",
    readText: "The text that was read",
    columns: {
      placing: "Place",
      horse: "Horse as printed",
      rider: "Rider",
      owner: "Owner",
      match: "Ringside horse",
    },
    exact: (name: string) => `Matched: ${name}`,
    none: "Not in Ringside, kept as printed",
    chooseLabel: (line: number) => `Ringside horse for line ${line}`,
    keepName: "Keep the name as printed",
    chooseHorse: "Choose the horse…",
    closeMatch: (printed: string) => `Close match for "${printed}": check it is this horse.`,
    chooseWhich: (printed: string) =>
      `"${printed}" is close to more than one horse: choose which, or keep the name as printed.`,
    takenMatch: (printed: string) =>
      `"${printed}" is close only to a horse already placed on another line: the name is kept as printed.`,
    preselected: (count: number) =>
      count === 1
        ? "1 close match is preselected. Check it: publishing confirms it."
        : `${count} close matches are preselected. Check each: publishing confirms them.`,
    mustChoose: (line: number) => `Line ${line}: choose the horse or keep the name as printed.`,
    noHorseLine: "No horse on this line: it cannot be published.",
    candidate: (name: string) => `It is ${name}`,
    publish: "Publish results",
    correct: "Publish correction",
    publishing: "Publishing…",
    published: "Published. Owners, riders and trainers of matched horses have been told.",
    corrected: "Correction published.",
    current: (version: number, corrected: boolean) =>
      corrected
        ? `Posted, corrected (version ${version}). Publishing again corrects it.`
        : "Posted. Publishing again corrects it.",
    shownShort: "S",
    withdraw: "Withdraw these results",
    withdrawTitle: (n: string) => `Withdraw the results of Class ${n}?`,
    withdrawDescription:
      "Their points leave the standings, and everyone told of a placing is told it is withdrawn. The history keeps them, and the class can be published again.",
    withdrawConfirm: "Withdraw results",
    withdrawing: "Withdrawing…",
    cancel: "Cancel",
    withdrawn: (n: string) => `Withdrew the results of Class ${n}. Everyone told of a placing has been told.`,
  },
  scales: {
    title: "Points scales",
    intro:
      "Each sanctioning organisation's high-point scale. Classes published from now on use it; published classes keep their points.",
    org: "Sanctioning organisation",
    orgHint: "The organisations written on shows.",
    orgPlaceholder: "Choose an organisation",
    noOrgs: "No show names a sanctioning organisation yet: add one to a show in Show Management first.",
    orgsFailed: "Could not load the organisations.",
    placings: "Points for 1st, 2nd, 3rd, …",
    placingsHint: "Separated by commas, for example 7, 6, 5, 4, 3, 2.",
    shown: "Points for showing without a placing",
    scaleBySize: "Scale by class size (a small class gives the points for horses beaten)",
    save: "Save scale",
    saved: (org: string) => `Saved the points scale of ${org}.`,
    loadFailed: "Could not load the points scale.",
    saveFailed: "Could not save the points scale.",
    errors: {
      orgRequired: "Choose the sanctioning organisation.",
      unknownOrg: (org: string) =>
        `No show is sanctioned by "${org}", so it has no points scale. Choose an organisation written on a show.`,
      placingsRequired: "Enter the points for at least 1st.",
      tooMany: (n: number) => `At most ${n} placings.`,
      notWhole: (max: number) => `Whole numbers from 0 to ${max}.`,
      notDescending: "A lower placing cannot get more points than a higher one.",
    },
  },
  show: {
    title: "Results",
    post: "Post results",
    none: "No results posted yet.",
    underClasses: "Each posted class's placings are under the class in the schedule.",
    classResults: (n: string) => `Results of Class ${n}`,
    classHeading: (n: string, name: string) => `Class ${n} · ${name}`,
    line: (placing: string, horse: string, rider: string, owner: string) =>
      [`${placing} ${horse}`, rider, owner].filter((x) => x.trim() !== "").join(" — "),
    loadFailed: "Could not load the results.",
  },
  horse: {
    standingsTitle: "High-point standings",
    standingsLink: "Standings",
    yearOrg: (year: number, org: string) => (org ? `${year} · ${org}` : String(year)),
    alsoPrintedAs: "Also printed as:",
    forget: "Forget",
    forgetLabel: (printed: string, horse: string) => `Forget "${printed}" as a name of ${horse}`,
  },
  roster: {
    title: "Your results",
    line: (placing: string, horse: string) => `${placing} · ${horse}`,
    where: (n: string, name: string) => `Class ${n} · ${name}`,
  },
  records: {
    hide: "Hide",
    hideLabel: (show: string, cls: string) => `Hide ${cls} at ${show} from my records`,
  },
  standings: {
    title: "Standings",
    subtitle: "High-point standings from the shows' posted results",
    year: "Year",
    org: "Organisation",
    noOrg: "No organisation",
    division: "Division",
    mineOnly: "My horses only",
    csv: "Download CSV",
    empty: "No standings yet. They fill in as shows post their results.",
    emptyMine: "None of your horses is in these standings.",
    caption: (division: string, year: number) => `${division}, ${year}`,
    columns: {
      rank: "Rank",
      horse: "Horse",
      owner: "Owner",
      points: "Points",
      shows: "Shows",
      placings: "Placings",
    },
    placings: (firsts: number, seconds: number, thirds: number, classes: number) =>
      [
        firsts ? `${firsts}× 1st` : "",
        seconds ? `${seconds}× 2nd` : "",
        thirds ? `${thirds}× 3rd` : "",
        classes === 1 ? "1 class" : `${classes} classes`,
      ]
        .filter(Boolean)
        .join(", "),
    /** Under the horse's name on a phone, where the Shows and Placings columns do not fit. */
    compact: (shows: number, placings: string) =>
      `${shows === 1 ? "1 show" : `${shows} shows`} · ${placings}`,
    yours: "Yours",
    previous: "Previous",
    next: "Next",
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    loadFailed: "Could not load the standings.",
    waitingOffline:
      "You are offline: these are the standings as last read. They change when the connection returns.",
  },
} as const;
