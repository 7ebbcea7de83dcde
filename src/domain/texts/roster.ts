/**
 * The spec's texts of the roster screen, word for word (see shell.ts). Only the roster and its dialogs use
 * them, so they load with the roster's chunk rather than every screen's first load (ADR 015; ADR 024 made
 * room there for the load boundary).
 */
export const rosterTexts = {
  title: "Your Roster",
  subtitle: "Your personalized schedule based on tracked classes.",
  today: "Today",
  thisWeek: "This Week",
  showSeason: "Show Season",
  empty: "No classes scheduled for this period.",
  planLink: "Plan your season!",
  rider: (name: string) => `Rider: ${name}`,
  enteredBy: (name: string) => `Entered by ${name}`,
  remove: "Remove",
  removeLabel: (status: string, name: string) => `Remove ${status}, entered by ${name}`,
  classNumber: (n: string) => `Class ${n}`,
  classesOn: (day: string) => `Classes on ${day}`,
  loadFailed: "Could not load your roster.",
  /** Opens the calendar feed dialog (issue 11); the dialog's texts are in texts/calendar-feed.ts. */
  subscribeCalendar: "Subscribe in calendar",
  /**
   * A removal made offline (issue 11): the line's mark while it waits, and how the list of changes not
   * sent names it. Here rather than in texts/offline.ts, so the roster's first load carries only these.
   */
  pendingRemoval: "Removal waiting to send",
  removingLabel: (status: string) => `removing ${status}`,
} as const;
