/**
 * The spec's texts of one section, word for word (see texts.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
export const notificationsTexts = {
  title: "Notifications",
  empty: "You have no new notifications.",
  unread: "Unread",
  loadFailed: "Could not load your notifications.",
  newShow: (name: string, location: string) => `New show added: ${name} in ${location}.`,
  showUpdate: (name: string, changes: string[]) => `${name} has changed: ${changes.join("; ")}.`,
  changedDates: (start: string, end: string) =>
    start === end ? `the date is now ${start}` : `the dates are now ${start} to ${end}`,
  changedLocation: (location: string) => `the location is now ${location}`,
  changedJudges: (judges: string[]) =>
    judges.length ? `the judges are now ${judges.join(", ")}` : "the judges have been removed",
  friendRequest: (name: string) => `${name} sent you a friend request.`,
} as const;
