import { entryStatusTexts } from "#domain/texts/entry-status.ts";

/** The class-entry statuses of the spec (section 4), in the spec's order. */
export const ENTRY_STATUSES = [
  "ImShowing",
  "HorseIsShowing",
  "CustomerIsShowing",
  "FriendIsShowing",
  "Interested",
  "WatchClass",
] as const;

export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The spec's label for each status. */
export const STATUS_LABELS: Readonly<Record<EntryStatus, string>> = entryStatusTexts.statusLabels;

/** The spec's fallback label for a status it does not know. */
export const UNKNOWN_STATUS_LABEL = entryStatusTexts.unknownStatus;

export function isEntryStatus(status: string): status is EntryStatus {
  return (ENTRY_STATUSES as readonly string[]).includes(status);
}

export function statusLabel(status: string): string {
  return isEntryStatus(status) ? STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/** "Upcoming showing" for schedule sharing: the user or their horse is showing. */
export function isUpcomingShowing(status: string): boolean {
  return status === "ImShowing" || status === "HorseIsShowing";
}
