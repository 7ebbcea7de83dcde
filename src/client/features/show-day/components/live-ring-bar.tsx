import { Radio } from "lucide-react";
import type { DayModel } from "#client/features/show-day/use-day-model.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.live;

/**
 * "In the ring: Class 32 · Lite Shod Walking Horses… · since 7:41 PM CDT · Next: 33 ≈ 7:49 PM CDT", one
 * per ring with a running session. A polite live region: a screen reader hears the ring move.
 */
export function LiveRingBar({ model }: { model: DayModel }) {
  if (model.rings.length === 0) return null;
  const time = (at: number | null) => (at === null ? null : formatShowTime(at, model.zone));
  return (
    <div
      role="status"
      aria-label={t.region}
      aria-live="polite"
      className="flex flex-col gap-2"
      data-testid="live-ring-bar"
    >
      {model.rings.map((ring) => (
        <div
          key={ring.session.id}
          className="flex items-start gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-950"
        >
          <Radio aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <p className="min-w-0 leading-snug">
            <span className="font-semibold">{ring.ring}</span>
            {" · "}
            {ring.inRing ? (
              <>
                <span className="font-semibold">{t.inRing}</span> Class {ring.inRing.cls.number}
                {" · "}
                <span className="break-words">{ring.inRing.cls.name}</span>
                {ring.inRing.since !== null ? ` · ${t.since(time(ring.inRing.since) ?? "")}` : null}
              </>
            ) : (
              <span>{t.between}</span>
            )}
            {ring.next ? (
              <span className="font-medium"> · {t.next(ring.next.cls.number, time(ring.next.at))}</span>
            ) : ring.inRing ? (
              <span> · {t.lastClass}</span>
            ) : null}
          </p>
        </div>
      ))}
    </div>
  );
}
