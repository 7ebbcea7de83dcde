import { X } from "lucide-react";
import {
  type FilterChip,
  filterChips,
  type PlannerFilters,
  truncate,
} from "#client/features/planner/filters.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { plannerTexts } from "#domain/texts/planner.ts";

function chipLabel(chip: FilterChip): string {
  switch (chip.kind) {
    case "name":
      return plannerTexts.chipName(chip.value);
    case "location":
      return plannerTexts.chipLocation(chip.value);
    case "judge":
      return plannerTexts.chipJudge(chip.value);
    case "division":
      return plannerTexts.chipDivision(truncate(divisionName(chip.value)));
    case "org":
      return plannerTexts.chipOrg(chip.value);
  }
}

/** Removable chips, one per active filter value, and a Clear all action. */
export function FilterChips({
  filters,
  onRemove,
  onClearAll,
}: {
  filters: PlannerFilters;
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul aria-label={plannerTexts.activeFilters} className="mb-4 flex flex-wrap items-center gap-2">
      {chips.map((chip) => {
        const label = chipLabel(chip);
        return (
          <li key={`${chip.kind}:${chip.value}`}>
            <button
              type="button"
              onClick={() => onRemove(chip)}
              aria-label={plannerTexts.removeFilter(label)}
              className="filter-chip"
            >
              <span className="max-w-[16rem] truncate">{label}</span>
              <X aria-hidden className="size-4 shrink-0" />
            </button>
          </li>
        );
      })}
      <li>
        <button
          type="button"
          onClick={onClearAll}
          className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {plannerTexts.clearAll}
        </button>
      </li>
    </ul>
  );
}
