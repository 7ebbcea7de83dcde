import { Plus, X } from "lucide-react";
import { useId } from "react";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { texts } from "#domain/texts.ts";

const t = texts.adminAi;

export interface PreviewClass {
  key: number;
  number: string;
  name: string;
  date: string | null;
}

export interface ClassListDraft {
  showName: string;
  classes: PreviewClass[];
  unplaced: string[];
}

const input =
  "min-h-11 min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

/** The class list as read, to correct before it is used: show name, classes, and the lines left over. */
export function ClassListPreview({
  value,
  onChange,
}: {
  value: ClassListDraft;
  onChange: (next: ClassListDraft) => void;
}) {
  const id = useId();
  const setClass = (key: number, patch: Partial<PreviewClass>) =>
    onChange({ ...value, classes: value.classes.map((c) => (c.key === key ? { ...c, ...patch } : c)) });
  const nextKey = value.classes.reduce((max, c) => Math.max(max, c.key), 0) + 1;
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t.showName}
        value={value.showName}
        onChange={(e) => onChange({ ...value, showName: e.target.value })}
      />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-700">
          {t.classesFound(value.classes.length)}
        </legend>
        <ol className="flex max-h-[32rem] flex-col gap-1.5 overflow-y-auto pr-1">
          {value.classes.map((c, i) => (
            <li key={c.key} className="flex items-center gap-1.5">
              <input
                aria-label={t.classNumber(i + 1)}
                value={c.number}
                onChange={(e) => setClass(c.key, { number: e.target.value })}
                className={`${input} w-16 shrink-0 text-right tabular-nums`}
                inputMode="text"
                maxLength={20}
              />
              <input
                aria-label={t.className(i + 1)}
                value={c.name}
                onChange={(e) => setClass(c.key, { name: e.target.value })}
                className={`${input} flex-1`}
                maxLength={200}
              />
              <button
                type="button"
                aria-label={t.removeClass(c.number || String(i + 1))}
                onClick={() => onChange({ ...value, classes: value.classes.filter((x) => x.key !== c.key) })}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-red-700"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ol>
        <div>
          <Button
            variant="ghost"
            onClick={() =>
              onChange({
                ...value,
                classes: [...value.classes, { key: nextKey, number: "", name: "", date: null }],
              })
            }
          >
            <Plus aria-hidden className="size-4" />
            {t.addClass}
          </Button>
        </div>
      </fieldset>
      {value.unplaced.length > 0 ? (
        <section
          aria-labelledby={`${id}-unplaced`}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3"
        >
          <h4 id={`${id}-unplaced`} className="text-sm font-semibold text-amber-900">
            {t.unplaced} ({value.unplaced.length})
          </h4>
          <p className="text-xs text-amber-900">{t.unplacedHint}</p>
          <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5 text-sm text-stone-800">
            {value.unplaced.map((line, i) => (
              // Lines may repeat; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only list in page order
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
