import { useId } from "react";
import type { PreviewLine } from "#domain/contracts/results.ts";
import { hasHorseName } from "#domain/results/horse-match.ts";
import { closeStart, exactHorses, KEEP_NAME } from "#domain/results/preview-choices.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.post;

/**
 * The preview's lines, each with its Ringside horse: an exact match is named; a close one is offered
 * with the choice it starts on (`initialChoices`: its nearest horse for the person to check) and why;
 * keeping the printed name is a choice of its own. A line without a horse is flagged: it cannot be published.
 */
export function PreviewTable({
  lines,
  choices,
  onChoose,
  placing,
}: {
  lines: readonly PreviewLine[];
  choices: Readonly<Record<number, string>>;
  onChoose: (lineNo: number, horseId: string) => void;
  placing: (p: number | null) => string;
}) {
  const ids = useId();
  const taken = exactHorses(lines);
  return (
    <ol className="flex flex-col gap-2">
      {lines.map((l) => {
        const noHorse = !hasHorseName(l.horse);
        const hintId = `${ids}-${l.lineNo}`;
        return (
          <li
            key={l.lineNo}
            className={`rounded-xl border bg-white p-3 text-sm ${noHorse ? "border-red-400" : "border-stone-200"}`}
          >
            <p className="font-semibold text-stone-900">
              {placing(l.placing)} · {l.horse || "—"}
            </p>
            {l.rider || l.owner ? (
              <p className="text-stone-600">{[l.rider, l.owner].filter(Boolean).join(" — ")}</p>
            ) : null}
            <div className="mt-2">
              {noHorse ? (
                <p className="font-medium text-red-800">{t.noHorseLine}</p>
              ) : l.match === "exact" ? (
                <p className="font-medium text-green-800">{t.exact(l.candidates[0]?.name ?? l.horse)}</p>
              ) : l.match === "close" ? (
                <div className="flex flex-col gap-1">
                  <p id={hintId} className="text-amber-900">
                    {
                      {
                        suggested: t.closeMatch(l.horse),
                        taken: t.takenMatch(l.horse),
                        choose: t.chooseWhich(l.horse),
                      }[closeStart(l, taken)]
                    }
                  </p>
                  <select
                    aria-label={t.chooseLabel(l.lineNo)}
                    aria-describedby={hintId}
                    value={choices[l.lineNo] ?? ""}
                    onChange={(e) => onChoose(l.lineNo, e.target.value)}
                    className="min-h-11 w-full rounded-lg border border-amber-400 bg-amber-50 px-3 text-sm"
                  >
                    {choices[l.lineNo] ? null : (
                      <option value="" disabled>
                        {t.chooseHorse}
                      </option>
                    )}
                    {l.candidates.map((c) => (
                      <option key={c.id} value={c.id}>
                        {t.candidate(c.name)}
                      </option>
                    ))}
                    <option value={KEEP_NAME}>{t.keepName}</option>
                  </select>
                </div>
              ) : (
                <p className="text-stone-600">{t.none}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
