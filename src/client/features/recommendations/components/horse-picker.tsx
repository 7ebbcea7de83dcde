import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "#client/app/routing.ts";
import { useAiHorses } from "#client/features/recommendations/api/get-ai-horses.ts";
import { Button } from "#client/ui/button.tsx";
import { plannerTexts } from "#domain/texts/planner.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import { texts } from "#domain/texts/shell.ts";

const t = recommendationsTexts;

export interface PickedHorse {
  id: string;
  name: string;
}

/**
 * The AI row: a horse dropdown ('Select a horse for AI Recs...') of the horses the user owns (and trains,
 * as a trainer) and a button, disabled until a horse is chosen. `onIntent` fires on hover, focus or touch
 * of the button, so the dialog's code can load before the click.
 */
export function HorsePicker({
  title,
  buttonLabel,
  onGo,
  onIntent,
}: {
  title: string;
  buttonLabel: string;
  onGo: (horse: PickedHorse) => void;
  onIntent: () => void;
}) {
  const horses = useAiHorses();
  const [horseId, setHorseId] = useState("");
  const selectId = useId();
  const list = horses.data?.horses ?? [];
  const chosen = list.find((h) => h.id === horseId) ?? null;

  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className="flex min-h-[9.5rem] flex-col gap-2 rounded-xl border border-brand-100 bg-brand-50/60 p-3 sm:min-h-[7.5rem]"
    >
      <h2 id={`${selectId}-title`} className="flex items-center gap-1.5 text-sm font-semibold text-brand-900">
        <Sparkles aria-hidden className="size-4 text-brand-700" />
        {title}
      </h2>
      {horses.isError ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-red-800">
          {t.loadHorsesFailed}
          <Button variant="ghost" onClick={() => void horses.refetch()}>
            {texts.common.retry}
          </Button>
        </p>
      ) : horses.isSuccess && list.length === 0 ? (
        <p className="text-sm text-stone-700">
          {t.noHorses}{" "}
          <Link to="/horses" className="font-semibold text-brand-700 underline underline-offset-2">
            {t.yourHorses}
          </Link>
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <label htmlFor={selectId} className="sr-only">
            {t.horseLabel}
          </label>
          <select
            id={selectId}
            value={horseId}
            disabled={!horses.isSuccess}
            onChange={(e) => setHorseId(e.target.value)}
            className="min-h-11 min-w-0 flex-1 basis-48 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-stone-100"
          >
            <option value="">{plannerTexts.aiHorsePrompt}</option>
            {list.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
          <Button
            disabled={!chosen}
            onPointerEnter={onIntent}
            onPointerDown={onIntent}
            onFocus={onIntent}
            onClick={() => chosen && onGo(chosen)}
            className="grow sm:grow-0"
          >
            <Sparkles aria-hidden className="size-4" />
            {buttonLabel}
          </Button>
        </div>
      )}
    </section>
  );
}
