import { classEntriesPath } from "#client/features/entries/api/get-class-entries.ts";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { settleEntries } from "#client/features/entries/api/settle-entries.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";

export const removeClassEntries = (showId: string, classId: string, idempotencyKey?: string) =>
  api<{ removed: number }>(classEntriesPath(showId, classId), { method: "DELETE", idempotencyKey });

export interface RemoveClassInput {
  showId: string;
  classId: string;
}

export const removeClassEntriesChange: QueuedChange<RemoveClassInput, { removed: number }> = {
  key: [...entryKeys.all, "remove-class"],
  send: ({ showId, classId }, key) => removeClassEntries(showId, classId, key),
  settle: settleEntries,
};

export const useRemoveClassEntries = () => useQueuedChange(removeClassEntriesChange);
