/**
 * The public ring board of a show (issue 35, ADR 046): the switch on Ring control and the page
 * `/shows/{id}/board` with its display mode. Ring control (a lazy screen), the server's page and the
 * board's small script read them; nothing on the app's first-load path imports this module.
 */
const cls = (n: string) => `Class ${n}`;

export const boardTexts = {
  control: {
    title: "Public ring board",
    intro:
      "A page anyone can open without an account: each ring's class, the next three with times, progress, scratches and the latest results. No one's name or email is on it.",
    toggle: "Board is public",
    isPublic: "Anyone with the address can see the board.",
    isPrivate: "The board is private: its address answers “not found”.",
    open: "Open the board",
    display: "Display mode",
    saving: "Saving…",
    loadFailed: "Could not load the board's setting.",
    saveFailed: "Could not change the board.",
  },
  refusals: {
    notAllowed: "Only an admin or this show's ring stewards can make its board public or private.",
  },
  page: {
    title: (show: string) => `${show} ring board — Ringside`,
    eyebrow: "Ring board",
    rings: "Rings",
    inRing: (n: string, name: string) => `In the ring: ${cls(n)} ${name}`,
    between: "Between classes",
    startsAt: (time: string) => `Starts at ${time}`,
    notStarted: "Not started yet",
    finished: "Finished for today",
    progress: (seen: number, total: number) => `Seen ${seen} of ${total}`,
    next: "Next",
    noneNext: "No classes left in this session.",
    scratched: "Scratched",
    results: "Latest results",
    classLabel: (n: string, name: string) => `${cls(n)} ${name}`,
    more: (count: number) => `and ${count} more`,
    noRings: "No ring runs today.",
    display: "Display mode",
    leaveDisplay: "Back to the board",
    ringOf: (i: number, count: number) => `Ring ${i} of ${count}`,
    footer: "Shared with Ringside, the walking-horse season planner.",
  },
} as const;
