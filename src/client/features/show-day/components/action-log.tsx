import type { RingActionView } from "#domain/contracts/show-day.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;

/** The last 20 actions with who did them and when; an undone one is struck through. */
export function ActionLog({ actions, zone }: { actions: readonly RingActionView[]; zone: string }) {
  return (
    <section aria-labelledby="ring-log" className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <h2 id="ring-log" className="border-b border-stone-100 px-3 py-2 text-sm font-semibold text-brand-900">
        {t.lastActions}
      </h2>
      {actions.length === 0 ? (
        <p className="px-3 py-3 text-sm text-stone-600">{t.noActions}</p>
      ) : (
        <ol className="divide-y divide-stone-100" data-testid="ring-log">
          {actions.map((a) => (
            <li key={a.seq} className="px-3 py-2 text-sm">
              <p className={a.undone ? "text-stone-500 line-through" : "text-stone-900"}>{a.text}</p>
              <p className="text-xs text-stone-600">{t.by(a.actorName ?? "—", formatShowTime(a.at, zone))}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
