/**
 * The spec's names of the entry statuses and the entry errors, word for word (see texts.ts): off the
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
  errors: {
    loadFailed: "Could not load your entries for this class.",
    saveFailed: "Could not save your entries.",
    removeFailed: "Could not remove the entry.",
  },
} as const;
