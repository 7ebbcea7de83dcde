/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
/** Beyond the spec (issue 11): the personal calendar feed of the roster. */
export const calendarFeedTexts = {
  title: "Subscribe in calendar",
  intro:
    "Your calendar app can follow your roster: every show and class you are involved in, with status and horse, updated as entries change.",
  create: "Create my calendar link",
  subscribe: "Open in calendar app",
  linkLabel: "Calendar link",
  secret: "Anyone with this link can see your roster's shows and classes. Keep it to yourself.",
  copy: "Copy link",
  cancel: "Cancel",
  regenerate: "Make a new link",
  regenerateTitle: "Make a new calendar link?",
  regenerateBody: "Calendars subscribed to the current link will stop updating.",
  regenerateConfirm: "Make a new link",
  regenerated: "New calendar link made. The old one no longer works.",
  loadFailed: "Could not load your calendar link.",
  calName: "Ringside roster",
  entryLine: (status: string, horse: string | null, rider: string | null, from: string | null) =>
    [status, horse, rider ? `Rider: ${rider}` : null, from ? `Entered by ${from}` : null]
      .filter(Boolean)
      .join(" · "),
  classTitle: (number: string, name: string, show: string) => `${number}. ${name} — ${show}`,
  showDescription: (classes: number) =>
    classes === 1 ? "1 class on your roster" : `${classes} classes on your roster`,
} as const;

/** Add to Calendar's one-show file (the spec's show detail), written by the server only. */
export const showCalendarTexts = {
  /** The calendar file's DESCRIPTION: location and judges, one per line. */
  calendarDescription: (location: string, judges: readonly string[]) =>
    `Location: ${location}\nJudges: ${judges.length > 0 ? judges.join(", ") : "To be announced"}`,
} as const;
