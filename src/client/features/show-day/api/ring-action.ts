import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";

export interface RingActionInput {
  showId: string;
  action: RingActionBody;
}

export const sendRingAction = (showId: string, action: RingActionBody, idempotencyKey?: string) =>
  api<ShowDay>(`/api/shows/${encodeURIComponent(showId)}/ring/actions`, {
    method: "POST",
    body: action,
    idempotencyKey,
  });

/**
 * A steward's tap: queued with its Idempotency-Key when the signal is gone, sent in order when it is
 * back, applied once. A refusal (the ring moved on: 409) is final and shown; the ring is read again.
 */
export const ringActionChange: QueuedChange<RingActionInput, ShowDay> = {
  key: [...showDayKeys.all, "ring-action"],
  send: ({ showId, action }, key) => sendRingAction(showId, action, key),
  settle: (client, input) => client.invalidateQueries({ queryKey: showDayKeys.day(input.showId) }),
};

export const useRingAction = () => useQueuedChange(ringActionChange);
