import { type MutationKey, useMutationState } from "@tanstack/react-query";

/**
 * Changes the app keeps when the connection is gone (ADR 013): they run one after another in the
 * order they were made (one scope), wait while offline, survive a reload (the persister stores them)
 * and carry one Idempotency-Key for all their tries, so a replay after a lost answer applies once.
 */
export const QUEUE_SCOPE = "queued-changes";

/** What a queued change carries besides its own input: its key, and what it is in words. */
export interface Queued<V> {
  input: V;
  idempotencyKey: string;
  /** 'Entries for Amateur Park Pleasure', shown while it waits and if the server refuses it. */
  label: string;
  /** Made while offline: its outcome is reported app-wide, since the screen it came from may be gone. */
  offline: boolean;
}

// Apart from the senders (queued-change.ts), so a screen that only shows what waits does not load them.
export interface QueuedState<V> {
  input: V;
  label: string;
  offline: boolean;
  status: "pending" | "error";
  error: string | null;
  submittedAt: number;
}

/** The changes under `key` still waiting to be sent (or being sent) and those the server refused. */
export function useQueuedChanges<V>(key: MutationKey): QueuedState<V>[] {
  return useMutationState({
    filters: {
      mutationKey: key,
      predicate: (m) => m.state.status === "pending" || m.state.status === "error",
    },
    select: (m) => {
      const queued = m.state.variables as Queued<V> | undefined;
      return {
        input: queued?.input as V,
        label: queued?.label ?? "",
        offline: queued?.offline ?? false,
        status: m.state.status === "error" ? ("error" as const) : ("pending" as const),
        error:
          m.state.error instanceof Error
            ? m.state.error.message
            : m.state.error
              ? String(m.state.error)
              : null,
        submittedAt: m.state.submittedAt,
      };
    },
  });
}
