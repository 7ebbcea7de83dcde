import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type FormEvent, type RefObject, useMemo } from "react";
import { Checklist, type ChecklistOption } from "#client/features/planner/components/checklist.tsx";
import { clearFilters, type PlannerFilters } from "#client/features/planner/filters.ts";
import { useShowFacets } from "#client/features/shows/api/get-show-facets.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
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

/**
 * The filter sheet's dialog, a lazy chunk (Radix Dialog and the checklists are not on the planner's
 * first load); its trigger and the draft it edits live in FilterSheet.
 */
export default function FilterSheetDialog({
  open,
  onOpenChange,
  draft,
  setDraft,
  onSubmit,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: PlannerFilters;
  setDraft: (draft: PlannerFilters) => void;
  onSubmit: () => void;
  /** Gets the focus back when the sheet closes (the trigger is not a Radix Dialog.Trigger). */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const facets = useShowFacets(draft.past, open);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[95vh] w-full max-w-xl flex-col rounded-t-2xl bg-white shadow-2xl"
        >
          <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
            <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-2">
              <Dialog.Title className="text-lg font-bold text-brand-900">{plannerTexts.filters}</Dialog.Title>
              <div className="flex items-center gap-1">
                <Button variant="ghost" onClick={() => setDraft(clearFilters(draft))}>
                  {plannerTexts.clearAllSheet}
                </Button>
                <Dialog.Close
                  aria-label={plannerTexts.closeFilters}
                  className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
                >
                  <X aria-hidden className="size-5" />
                </Dialog.Close>
              </div>
            </div>
            <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">
              <Field
                label={plannerTexts.showName}
                type="search"
                placeholder={plannerTexts.showNamePlaceholder}
                value={draft.name}
                maxLength={100}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
              <Field
                label={plannerTexts.location}
                type="search"
                placeholder={plannerTexts.locationPlaceholder}
                value={draft.location}
                maxLength={100}
                onChange={(e) => setDraft({ ...draft, location: e.target.value })}
              />
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
            </div>
            <div className="safe-bottom border-t border-stone-200 px-4 py-3">
              <Button type="submit" className="w-full">
                {plannerTexts.applyFilters}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
