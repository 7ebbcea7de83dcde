import type { QueryClient } from "@tanstack/react-query";
import { removeClassEntriesChange } from "#client/features/entries/api/remove-class-entries.ts";
import { removeEntryChange } from "#client/features/entries/api/remove-entry.ts";
import { saveEntriesChange } from "#client/features/entries/api/save-class-entries.ts";
import { markAllReadChange } from "#client/features/notifications/api/mark-all-read.ts";
import { markReadChange } from "#client/features/notifications/api/mark-read.ts";
import { addFriendChange } from "#client/features/profile/api/add-friend.ts";
import { answerRequestChange } from "#client/features/profile/api/answer-friend-request.ts";
import { createRecordChange } from "#client/features/records/api/create-record.ts";
import { ringActionChange } from "#client/features/show-day/api/ring-action.ts";
import { registerQueuedChange } from "#client/lib/queued-change.ts";

/**
 * Every change that may wait for the connection. They are registered before the saved cache is
 * restored, so a change queued before a reload finds how to send itself.
 */
export function registerQueuedChanges(client: QueryClient): void {
  registerQueuedChange(client, saveEntriesChange);
  registerQueuedChange(client, removeClassEntriesChange);
  registerQueuedChange(client, removeEntryChange);
  registerQueuedChange(client, markReadChange);
  registerQueuedChange(client, markAllReadChange);
  registerQueuedChange(client, createRecordChange);
  registerQueuedChange(client, addFriendChange);
  registerQueuedChange(client, answerRequestChange);
  registerQueuedChange(client, ringActionChange);
}
