import { type FormEvent, useEffect, useState } from "react";
import { FilterFields } from "#client/features/planner/components/filter-fields.tsx";
import { clearFilters, type PlannerFilters } from "#client/features/planner/filters.ts";
import { Button } from "#client/ui/button.tsx";
import { plannerTexts } from "#domain/texts/planner.ts";

/**
 * From 1024 px the filter sheet is this panel beside the show list (issue 36, ADR 035): the same fields and
 * draft, applied with the same button, so the list and the address change only on Apply (Back still returns to
 * the filters before). Loaded by filter-panel.tsx only on a wide screen.
 */
export default function FilterPanelForm({
  filters,
  onApply,
}: {
  filters: PlannerFilters;
  onApply: (next: PlannerFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  // A chip removed or Back pressed changes the filters from outside: the draft follows.
  useEffect(() => setDraft(filters), [filters]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      aria-labelledby="filter-panel-title"
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="filter-panel-title" className="text-base font-semibold text-brand-900">
          {plannerTexts.filters}
        </h2>
        <Button variant="ghost" onClick={() => setDraft(clearFilters(draft))}>
          {plannerTexts.clearAllSheet}
        </Button>
      </div>
      <FilterFields draft={draft} setDraft={setDraft} active />
      <Button type="submit" className="w-full">
        {plannerTexts.applyFilters}
      </Button>
    </form>
  );
}
