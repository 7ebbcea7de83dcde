import { useState } from "react";
import type { ShowDraft } from "#client/features/admin/ai/draft.ts";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { texts } from "#domain/texts.ts";

const t = texts.adminAi;

/**
 * The predicted show as an editable preview: name, dates, location and judges can be changed before it
 * is saved; the classes carried over are listed. Nothing is stored until the admin saves.
 */
export function DraftEditor({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: ShowDraft;
  saving: boolean;
  onSave: (draft: ShowDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [judges, setJudges] = useState(initial.judges.join(", "));
  const set = (patch: Partial<ShowDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={t.previewTitle}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          ...draft,
          judges: judges
            .split(",")
            .map((j) => j.trim())
            .filter(Boolean),
        });
      }}
    >
      <Field label={t.showName} value={draft.name} onChange={(e) => set({ name: e.target.value })} required />
      <div className="grid gap-3 min-[480px]:grid-cols-2">
        <Field
          label={t.startDate}
          type="date"
          value={draft.startDate}
          onChange={(e) => set({ startDate: e.target.value })}
          required
        />
        <Field
          label={t.endDate}
          type="date"
          value={draft.endDate}
          onChange={(e) => set({ endDate: e.target.value })}
          required
        />
      </div>
      <Field
        label={t.location}
        value={draft.location}
        onChange={(e) => set({ location: e.target.value })}
        required
      />
      <Field label={t.judges} value={judges} onChange={(e) => setJudges(e.target.value)} />
      <details className="rounded-lg border border-stone-200 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-stone-700">
          {t.classesFound(draft.classes.length)}
        </summary>
        <ol className="mt-2 max-h-64 overflow-y-auto text-stone-800">
          {draft.classes.map((c) => (
            <li key={c.number} className="flex gap-2 py-0.5">
              <span className="w-10 shrink-0 text-right tabular-nums text-stone-600">{c.number}</span>
              <span>{c.name}</span>
            </li>
          ))}
        </ol>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? t.saving : t.savePrediction}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
