import {
  type MutationKey,
  onlineManager,
  type QueryClient,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError } from "#client/lib/api.ts";
import { QUEUE_SCOPE, type Queued } from "#client/lib/queued.ts";

export interface QueuedChange<V, R> {
  key: MutationKey;
  send: (input: V, idempotencyKey: string) => Promise<R>;
  /** What to refresh once the server has answered (either way). */
  settle: (client: QueryClient, input: V) => Promise<unknown>;
}

/** A lost connection or a server error may pass; a refusal (4xx) is final and shown to the person. */
const transient = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

const registered = new WeakMap<QueryClient, WeakSet<object>>();

/**
 * Registers a change's sender by its key, so a change restored after a reload knows how to send itself.
 * Also done by the screen that makes the change (useQueuedChange), so it can send before the offline
 * cache has loaded its list of senders.
 */
export function registerQueuedChange<V, R>(client: QueryClient, change: QueuedChange<V, R>): void {
  const done = registered.get(client) ?? new WeakSet<object>();
  registered.set(client, done);
  if (done.has(change)) return;
  done.add(change);
  client.setMutationDefaults<R, Error, Queued<V>>(change.key, {
    mutationFn: (queued: Queued<V>) => change.send(queued.input, queued.idempotencyKey),
    onSettled: (_data, _error, queued: Queued<V> | undefined) =>
      queued ? change.settle(client, queued.input) : undefined,
    retry: (count, error) => transient(error) && count < 3,
    // Kept while offline and sent when the connection returns, unlike other changes (app.tsx).
    networkMode: "online",
    scope: { id: QUEUE_SCOPE },
  });
}

function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A queued change for a screen: `queue(input, label)` sends it now, or keeps it until the connection
 * returns, and answers whether it was kept (so a dialog can close at once rather than wait).
 */
export function useQueuedChange<V, R>(change: QueuedChange<V, R>) {
  registerQueuedChange(useQueryClient(), change);
  const mutation = useMutation<R, Error, Queued<V>>({ mutationKey: change.key });
  const queue = (input: V, label: string, callbacks?: { onSuccess?: (data: R) => void }): boolean => {
    const offline = !onlineManager.isOnline();
    mutation.mutate({ input, label, offline, idempotencyKey: newIdempotencyKey() }, callbacks);
    return offline;
  };
  return { ...mutation, input: mutation.variables?.input, queue };
}
