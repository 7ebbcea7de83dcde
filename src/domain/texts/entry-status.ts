/**
 * The spec's names of the entry statuses and the entry errors, word for word (see shell.ts): off the
 * shell, loaded by the screens and dialogs that show entries (ADR 015).
 */
export const entryStatusTexts = {
  statusLabels: {
    ImShowing: "I'm Showing",
    HorseIsShowing: "My Horse is Showing",
    CustomerIsShowing: "Customer is Showing",
    FriendIsShowing: "Friend is Showing",
    Interested: "Interested Not Sure",
    WatchClass: "Watch Class",
  },
  unknownStatus: "Status Unknown",
  /** The accessible name of an entry's placing badge once the class's results are posted (issue 22). */
  placed: (placing: string, horse: string | null) => `${horse ?? "Placing"}: ${placing} in this class`,
  errors: {
    loadFailed: "Could not load your entries for this class.",
    saveFailed: "Could not save your entries.",
    removeFailed: "Could not remove the entry.",
  },
} as const;
