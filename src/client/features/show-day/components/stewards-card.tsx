import { useEffect, useState } from "react";
import {
  useSaveStewards,
  useStewardCandidates,
  useStewards,
} from "#client/features/show-day/api/stewards.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button, buttonClass } from "#client/ui/button.tsx";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;

interface Person {
  id: string;
  name: string;
}

/** The admin names the people who may run this show's ring. */
export function StewardsCard({ showId }: { showId: string }) {
  const stewards = useStewards(showId);
  const save = useSaveStewards(showId);
  const [chosen, setChosen] = useState<Person[] | null>(null);
  const [query, setQuery] = useState("");
  const candidates = useStewardCandidates(query);
  useEffect(() => {
    if (stewards.data && chosen === null) setChosen(stewards.data.stewards);
  }, [stewards.data, chosen]);
  const list = chosen ?? [];
  // Until the stewards are read (in the server's page too, before the script runs) there is nothing to
  // change: the search and Save wait, so neither a tap nor typed text is lost, nor an empty list saved.
  const loading = chosen === null && !stewards.isError;
  const ids = new Set(list.map((p) => p.id));
  return (
    <section
      aria-labelledby="ring-stewards"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      <div>
        <h2 id="ring-stewards" className="text-sm font-semibold text-brand-900">
          {t.stewards}
        </h2>
        <p className="text-xs text-stone-600">{t.stewardsHint}</p>
      </div>
      {list.length === 0 ? <p className="text-sm text-stone-600">{t.noStewards}</p> : null}
      <ul className="flex flex-col gap-1">
        {list.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-2 text-sm">
            <span>{p.name}</span>
            <button
              type="button"
              aria-label={t.removeSteward(p.name)}
              className={buttonClass("ghost", "min-h-12")}
              onClick={() => setChosen(list.filter((x) => x.id !== p.id))}
            >
              {t.remove}
            </button>
          </li>
        ))}
      </ul>
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t.findPerson}
        <input
          type="search"
          value={query}
          disabled={loading}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          className="min-h-12 rounded-lg border border-stone-300 px-3 text-base"
        />
      </label>
      <ul className="flex flex-col gap-1">
        {(candidates.data?.users ?? [])
          .filter((u) => !ids.has(u.id))
          .map((u) => (
            <li key={u.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">{u.name}</span>
              <button
                type="button"
                aria-label={t.addSteward(u.name)}
                className={buttonClass("secondary", "min-h-12")}
                onClick={() => setChosen([...list, { id: u.id, name: u.name }])}
              >
                {t.add}
              </button>
            </li>
          ))}
      </ul>
      <ErrorAlert message={save.error?.message} />
      {save.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {t.stewardsSaved}
        </p>
      ) : null}
      <Button
        className="min-h-12 self-start"
        disabled={loading || save.isPending}
        onClick={() => save.mutate(list.map((p) => p.id))}
      >
        {t.saveStewards}
      </Button>
    </section>
  );
}
