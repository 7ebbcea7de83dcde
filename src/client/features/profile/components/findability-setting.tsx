import { UserSearch } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFindability, useSaveFindability } from "#client/features/profile/api/findability.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { TOWN_MAX } from "#domain/contracts/people-search.ts";
import { peopleSearchTexts } from "#domain/texts/people-search.ts";

const t = peopleSearchTexts.setting;

/**
 * My Profile → Who can find me (issue 34, item 7; ADR 034): off until the person turns it on; the town
 * tells them apart from namesakes in anyone's search.
 */
export function FindabilitySetting() {
  const setting = useFindability();
  const save = useSaveFindability();
  const [draft, setDraft] = useState<{ findable: boolean; town: string } | null>(null);
  const id = useId();
  useEffect(() => {
    if (setting.data && draft === null)
      setDraft({ findable: setting.data.findable, town: setting.data.town ?? "" });
  }, [setting.data, draft]);
  if (setting.isError) return <ErrorAlert message={`${t.loadFailed} ${setting.error.message}`} />;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <UserSearch aria-hidden className="size-4" />
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t.hint}</p>
      <form
        className="mt-3 flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft) save.mutate({ findable: draft.findable, town: draft.town.trim() || null });
        }}
      >
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={draft?.findable ?? false}
            disabled={draft === null}
            onChange={(e) => draft && setDraft({ ...draft, findable: e.target.checked })}
          />
          {t.findable}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t.town}
          <input
            type="text"
            autoComplete="address-level2"
            maxLength={TOWN_MAX}
            value={draft?.town ?? ""}
            disabled={draft === null}
            onChange={(e) => draft && setDraft({ ...draft, town: e.target.value })}
            className="min-h-11 w-full max-w-sm rounded-lg border border-stone-300 px-3 text-base"
          />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={draft === null || save.isPending}>
            {t.save}
          </Button>
          <span role="status" className="text-sm text-emerald-800">
            {save.isSuccess ? t.saved : ""}
          </span>
        </div>
      </form>
      <ErrorAlert message={save.error?.message} />
    </section>
  );
}
