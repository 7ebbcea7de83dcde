import { useMemo } from "react";
import { Checklist, type ChecklistOption } from "#client/features/planner/components/checklist.tsx";
import type { PlannerFilters } from "#client/features/planner/filters.ts";
import { useShowFacets } from "#client/features/shows/api/get-show-facets.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { Field } from "#client/ui/field.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { FacetValue } from "#domain/contracts/shows.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { texts } from "#domain/texts/shell.ts";

/** Facet values plus any selected value the facets no longer list, so a shared link's choice stays visible. */
function withSelected(
  facets: readonly (FacetValue & { name?: string })[] | undefined,
  selected: readonly string[],
  label: (value: string) => string,
): ChecklistOption[] {
  const options: ChecklistOption[] = (facets ?? []).map((f) => ({
    value: f.value,
    label: f.name ?? f.value,
    count: f.count,
  }));
  const known = new Set(options.map((o) => o.value));
  for (const value of selected) if (!known.has(value)) options.push({ value, label: label(value), count: 0 });
  return options;
}

const textFields = [
  ["name", plannerTexts.showName, plannerTexts.showNamePlaceholder],
  ["location", plannerTexts.location, plannerTexts.locationPlaceholder],
] as const;

/**
 * The planner's filters as fields editing a draft: the phone's filter sheet and the wide screen's filter panel
 * (ADR 035) both hold them. The checklists' values are asked for only while `active`.
 */
export function FilterFields({
  draft,
  setDraft,
  active,
}: {
  draft: PlannerFilters;
  setDraft: (draft: PlannerFilters) => void;
  active: boolean;
}) {
  const facets = useShowFacets(draft.past, active);

  const judgeOptions = useMemo(
    () => withSelected(facets.data?.judges, draft.judges, (v) => v),
    [facets.data, draft.judges],
  );
  const divisionOptions = useMemo(
    () => withSelected(facets.data?.divisions, draft.divisions, divisionName),
    [facets.data, draft.divisions],
  );
  const orgOptions = useMemo(
    () => withSelected(facets.data?.orgs, draft.orgs, (v) => v),
    [facets.data, draft.orgs],
  );

  return (
    <>
      {textFields.map(([key, label, placeholder]) => (
        <Field
          key={key}
          label={label}
          type="search"
          placeholder={placeholder}
          value={draft[key]}
          maxLength={100}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      ))}
      {facets.isError ? (
        <LoadError message={facets.error.message} onRetry={() => void facets.refetch()} />
      ) : facets.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : (
        <>
          <Checklist
            label={plannerTexts.judges}
            options={judgeOptions}
            selected={draft.judges}
            onChange={(judges) => setDraft({ ...draft, judges })}
          />
          <Checklist
            label={plannerTexts.divisions}
            options={divisionOptions}
            selected={draft.divisions}
            onChange={(divisions) => setDraft({ ...draft, divisions })}
          />
          <Checklist
            label={plannerTexts.orgs}
            options={orgOptions}
            selected={draft.orgs}
            onChange={(orgs) => setDraft({ ...draft, orgs })}
          />
        </>
      )}
    </>
  );
}
