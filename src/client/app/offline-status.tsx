import { type Mutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { CloudOff, RotateCw, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { lastSeenAt } from "#client/app/offline-cache.ts";
import { useOnline } from "#client/lib/online.ts";
import { QUEUE_SCOPE, type Queued } from "#client/lib/queued.ts";
import { Button } from "#client/ui/button.tsx";
import { offlineTexts } from "#domain/texts/offline.ts";

const t = offlineTexts;
/** How long 'Back online' stays after the connection returns. */
const BACK_ONLINE_MS = 5000;

function formatSeenAt(at: number, now = new Date()): string {
  const when = new Date(at);
  const sameDay = when.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(undefined, {
    ...(sameDay ? {} : { weekday: "short", month: "short", day: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
  }).format(when);
}

const queuedChanges = (status: "pending" | "error") => ({
  filters: {
    predicate: (m: Mutation<unknown, Error, unknown, unknown>) =>
      m.options.scope?.id === QUEUE_SCOPE && m.state.status === status,
  },
  select: (m: Mutation<unknown, Error, unknown, unknown>) => m,
});

/**
 * The app's word on the connection (ADR 013), in one polite live region under the header: offline and
 * since when the data dates, back online, how many changes wait, and every queued change the server
 * refused, with its reason, until the person dismisses or retries it. Nothing is dropped silently.
 */
export default function OfflineStatus() {
  const client = useQueryClient();
  const online = useOnline();
  const [backOnline, setBackOnline] = useState(false);
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) {
      setBackOnline(true);
      const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
      wasOnline.current = online;
      return () => clearTimeout(timer);
    }
    wasOnline.current = online;
    if (!online) setBackOnline(false);
  }, [online]);

  const pending = useMutationState(queuedChanges("pending"));
  const failed = useMutationState(queuedChanges("error")).filter(
    (m) => (m.state.variables as Queued<unknown> | undefined)?.offline,
  );

  const retry = (m: Mutation<unknown, Error, unknown, unknown>) => {
    const cache = client.getMutationCache();
    cache.remove(m);
    void cache
      .build(client, { mutationKey: m.options.mutationKey })
      .execute(m.state.variables)
      .catch(() => {});
  };

  const seenAt = lastSeenAt(client);
  const message = !online
    ? seenAt > 0
      ? t.showingSaved(formatSeenAt(seenAt))
      : t.offlineNothingSaved
    : backOnline
      ? t.backOnline
      : null;
  const waiting =
    pending.length === 0 ? null : online ? t.sending(pending.length) : t.waiting(pending.length);

  return (
    <div className="mx-auto max-w-3xl px-4">
      <div role="status" aria-live="polite" className="empty:hidden">
        {message || waiting ? (
          <p
            data-testid="connection-status"
            className={`mt-3 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${
              online
                ? "border-emerald-300 bg-emerald-50 text-emerald-900"
                : "border-amber-300 bg-amber-50 text-amber-950"
            }`}
          >
            {online ? null : <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />}
            <span>{[message, waiting].filter(Boolean).join(" · ")}</span>
          </p>
        ) : null}
      </div>
      {failed.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2" aria-label={t.failedTitle}>
          {failed.map((m) => {
            const queued = m.state.variables as Queued<unknown>;
            return (
              <li
                key={m.mutationId}
                role="alert"
                data-testid="failed-change"
                className="flex flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
              >
                <span className="min-w-0 flex-1">
                  {t.notSent(queued.label, m.state.error?.message ?? "")}
                </span>
                <Button variant="secondary" onClick={() => retry(m)}>
                  <RotateCw aria-hidden className="size-4" />
                  {t.retry}
                </Button>
                <Button variant="ghost" onClick={() => client.getMutationCache().remove(m)}>
                  <X aria-hidden className="size-4" />
                  {t.dismiss}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
