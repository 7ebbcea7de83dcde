import { entryKeys } from "#client/features/entries/api/keys.ts";
import { settleEntries } from "#client/features/entries/api/settle-entries.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";

/** Removes one of the viewer's entries, such as one another person's entry mirrored onto them. */
export const removeEntry = (entryId: string, idempotencyKey?: string) =>
  api<{ removed: number }>(`/api/entries/${encodeURIComponent(entryId)}`, {
    method: "DELETE",
    idempotencyKey,
  });

export const removeEntryChange: QueuedChange<string, { removed: number }> = {
  key: [...entryKeys.all, "remove"],
  send: removeEntry,
  settle: settleEntries,
};

export const useRemoveEntry = () => useQueuedChange(removeEntryChange);
