import { classEntriesPath } from "#client/features/entries/api/get-class-entries.ts";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { settleEntries } from "#client/features/entries/api/settle-entries.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";
import type { MyEntries, SaveEntriesBody } from "#domain/contracts/entries.ts";

export const saveClassEntries = (
  showId: string,
  classId: string,
  body: SaveEntriesBody,
  idempotencyKey?: string,
) => api<MyEntries>(classEntriesPath(showId, classId), { method: "PUT", body, idempotencyKey });

export interface SaveEntriesInput {
  showId: string;
  classId: string;
  body: SaveEntriesBody;
}

export const saveEntriesChange: QueuedChange<SaveEntriesInput, MyEntries> = {
  key: [...entryKeys.all, "save"],
  send: ({ showId, classId, body }, key) => saveClassEntries(showId, classId, body, key),
  settle: settleEntries,
};

export const useSaveClassEntries = () => useQueuedChange(saveEntriesChange);
