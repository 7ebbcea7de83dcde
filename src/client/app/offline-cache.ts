import type { Mutation, QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { QUEUE_SCOPE, type Queued } from "#client/lib/queued.ts";
import { readCachedUser } from "#client/lib/session-cache.ts";

/**
 * What a user has seen, and the changes they made offline, kept on the device in IndexedDB (ADR 013).
 * This module is a lazy chunk that app.tsx imports at start, alongside the session check, so the
 * persister stays off the first-load budget (ADR 015). Raise CACHE_VERSION when a stored shape changes:
 * an older cache is then dropped, not misread.
 */
export const CACHE_VERSION = "ringside-1";
/** Writes are batched: the cache changes many times a second while a screen loads. */
const WRITE_DELAY_MS = 300;

const KEY = "query-client";
/** idb-keyval loads with the first read or write, so it stays out of the first page load. */
const idb = async () => {
  const lib = await import("idb-keyval");
  return { ...lib, store: lib.createStore("ringside", "offline-cache") };
};

interface Saved {
  /** Whose cache this is: another user's is never restored. */
  userId: string;
  client: PersistedClient;
}

/**
 * An idb-keyval persister that keeps one user's cache: it saves only while someone is signed in, under
 * their id, and restores only for the same user. A change in flight when the page closed is restored as
 * paused, so it is sent again (with the same Idempotency-Key) rather than forgotten.
 */
export function createOfflinePersister(
  /** Runs before the saved cache is read (registers the queued changes' senders). */
  beforeRestore: () => Promise<void>,
): Persister & { flush: () => Promise<void> } {
  let pending: PersistedClient | null = null;
  let lastChanges = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    clearTimeout(timer);
    timer = undefined;
    const client = pending;
    pending = null;
    const userId = readCachedUser()?.id;
    if (!client) return;
    const { del, set, store } = await idb();
    if (!userId) await del(KEY, store);
    else await set(KEY, { userId, client } satisfies Saved, store);
  };
  return {
    persistClient(client) {
      pending = client;
      // A queued change is written at once: it is what must never be lost to a closed tab.
      const changes = queueSignature(client);
      if (changes !== lastChanges) {
        lastChanges = changes;
        void write();
        return;
      }
      timer ??= setTimeout(() => void write(), WRITE_DELAY_MS);
    },
    async restoreClient() {
      await beforeRestore();
      const { get, store } = await idb();
      const saved = (await get<Saved>(KEY, store)) ?? null;
      const userId = readCachedUser()?.id;
      if (!saved || !userId || saved.userId !== userId) return undefined;
      const { clientState } = saved.client;
      return {
        ...saved.client,
        clientState: {
          ...clientState,
          mutations: clientState.mutations.map((m) =>
            m.state.status === "pending" ? { ...m, state: { ...m.state, isPaused: true } } : m,
          ),
        },
      };
    },
    async removeClient() {
      pending = null;
      clearTimeout(timer);
      timer = undefined;
      const { del, store } = await idb();
      await del(KEY, store);
    },
    flush: write,
  };
}

/**
 * Restores the saved cache into the query client, then keeps saving it. The queued changes' senders are
 * registered before the restore (a restored change needs its sender). Resolves with the persister once
 * the restore is over, whether anything was restored or not.
 */
export async function startOfflineCache(
  queryClient: QueryClient,
  maxAge: number,
): Promise<Persister & { flush: () => Promise<void> }> {
  const persister = createOfflinePersister(async () => {
    const { registerQueuedChanges } = await import("#client/app/queued-changes.ts");
    registerQueuedChanges(queryClient);
  });
  const options = {
    queryClient,
    persister,
    buster: CACHE_VERSION,
    maxAge,
    dehydrateOptions: offlineDehydrateOptions,
  };
  // A cache that cannot be read is dropped by the restore; the app then runs on what the server sends.
  await persistQueryClientRestore(options).catch(() => undefined);
  persistQueryClientSubscribe(options);
  // What was fetched before the cache started (it may start after the first screen) is saved now, not
  // at the next change.
  void persistQueryClientSave(options).catch(() => undefined);
  return persister;
}

/** What the queued changes are and where they stand: when it moves, the cache is written at once. */
const queueSignature = (client: PersistedClient) =>
  JSON.stringify(
    client.clientState.mutations.map((m) => [m.state.submittedAt, m.state.status, m.state.isPaused]),
  );

/**
 * Queries that succeeded; queued changes still to send, and those made offline that the server
 * refused (kept until the person dismisses them: a refusal is never dropped silently).
 */
export const offlineDehydrateOptions = {
  shouldDehydrateMutation: (m: Mutation<unknown, Error, unknown, unknown>) =>
    m.options.scope?.id === QUEUE_SCOPE &&
    (m.state.status === "pending" ||
      (m.state.status === "error" && !!(m.state.variables as Queued<unknown> | undefined)?.offline)),
};

/** The newest time any data on screen came from the server: what "showing what you saw at" names. */
export function lastSeenAt(client: QueryClient): number {
  let newest = 0;
  for (const query of client.getQueryCache().getAll()) newest = Math.max(newest, query.state.dataUpdatedAt);
  return newest;
}
