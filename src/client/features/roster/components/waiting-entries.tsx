import type { SaveEntriesInput } from "#client/features/entries/api/save-class-entries.ts";
import type { QueuedState } from "#client/lib/queued.ts";
import { statusLabel } from "#domain/roster/entry-status.ts";
import { offlineTexts } from "#domain/texts/offline.ts";

/** Entries saved offline, by the class they are for, marked as waiting until they are sent. */
export default function WaitingEntries({ saves }: { saves: QueuedState<SaveEntriesInput>[] }) {
  return (
    <section
      aria-labelledby="roster-waiting"
      data-testid="roster-waiting"
      className="mb-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3"
    >
      <h2 id="roster-waiting" className="text-sm font-semibold text-amber-900">
        {offlineTexts.waitingEntries}
      </h2>
      <ul className="mt-1 flex flex-col gap-1.5">
        {saves.map((save) => (
          <li key={save.submittedAt} className="text-sm text-stone-900">
            <span className="first-letter:uppercase inline-block">{save.label}</span>
            <span className="mt-0.5 flex flex-wrap gap-1">
              {save.input.body.entries.map((e) => (
                <span
                  key={`${e.status}-${e.horseId ?? ""}-${e.riderId ?? ""}`}
                  className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-800"
                >
                  {statusLabel(e.status)}
                </span>
              ))}
              <span className="text-xs font-semibold text-amber-800">{offlineTexts.pendingRead}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
