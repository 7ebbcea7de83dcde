import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { FormEvent, RefObject } from "react";
import { FilterFields } from "#client/features/planner/components/filter-fields.tsx";
import { clearFilters, type PlannerFilters } from "#client/features/planner/filters.ts";
import { Button } from "#client/ui/button.tsx";
import { plannerTexts } from "#domain/texts/planner.ts";

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
              <FilterFields draft={draft} setDraft={setDraft} active={open} />
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
