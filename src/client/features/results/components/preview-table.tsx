import type { PreviewLine } from "#domain/contracts/results.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.post;

/**
 * The preview's lines, each with its Ringside horse: an exact match is named; a close one is offered in
 * a list whose first choice keeps the printed name, so nothing attaches unless a person picks the horse.
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
  return (
    <ol className="flex flex-col gap-2">
      {lines.map((l) => (
        <li key={l.lineNo} className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
          <p className="font-semibold text-stone-900">
            {placing(l.placing)} · {l.horse}
          </p>
          {l.rider || l.owner ? (
            <p className="text-stone-600">{[l.rider, l.owner].filter(Boolean).join(" — ")}</p>
          ) : null}
          <div className="mt-2">
            {l.match === "exact" ? (
              <p className="font-medium text-green-800">{t.exact(l.candidates[0]?.name ?? l.horse)}</p>
            ) : l.match === "close" ? (
              <select
                aria-label={t.chooseLabel(l.lineNo)}
                value={choices[l.lineNo] ?? ""}
                onChange={(e) => onChoose(l.lineNo, e.target.value)}
                className="min-h-11 w-full rounded-lg border border-amber-400 bg-amber-50 px-3 text-sm"
              >
                <option value="">{t.keepName}</option>
                {l.candidates.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t.candidate(c.name)}
                  </option>
                ))}
              </select>
            ) : (
              <p className="text-stone-600">{t.none}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
