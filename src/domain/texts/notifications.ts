/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
export const notificationsTexts = {
  title: "Notifications",
  empty: "You have no new notifications.",
  unread: "Unread",
  loadFailed: "Could not load your notifications.",
  /** `location` is null while the show's location is a placeholder ("TBD"): never printed. */
  newShow: (name: string, location: string | null) =>
    location ? `New show added: ${name} in ${location}.` : `New show added: ${name}.`,
  /** One notice for several new shows at once (a calendar import), by where they are. */
  newShowsIn: (count: number, places: string) => `${count} new shows added in ${places}.`,
  elsewhere: "elsewhere",
  newShowsInStates: (count: number, states: number, elsewhere: boolean) =>
    `${count} new shows added in ${states} states${elsewhere ? " and elsewhere" : ""}.`,
  newShowsNoPlace: (count: number) => `${count} new shows added to the calendar.`,
  showCancelled: (name: string) => `Show cancelled: ${name} — your entries were removed.`,
  markAllRead: "Mark all read",
  /** How a waiting Mark all read is named in the offline bar's list. */
  markAllReadLabel: "marking all notifications read",
  allReadWaiting: "All marked read here; waiting to send.",
  allRead: "All notifications marked read.",
  /** Under a notification whose show has since been deleted; tapping it opens nothing. */
  showDeleted: "This show was deleted.",
  /** Under a notification whose class has since been removed from its show; tapping it opens nothing. */
  classDeleted: "This class was removed from the show.",
  showUpdate: (name: string, changes: string[]) => `${name} has changed: ${changes.join("; ")}.`,
  changedDates: (start: string, end: string) =>
    start === end ? `the date is now ${start}` : `the dates are now ${start} to ${end}`,
  changedLocation: (location: string) => `the location is now ${location}`,
  changedJudges: (judges: string[]) =>
    judges.length ? `the judges are now ${judges.join(", ")}` : "the judges have been removed",
  friendRequest: (name: string) => `${name} sent you a friend request.`,
} as const;
