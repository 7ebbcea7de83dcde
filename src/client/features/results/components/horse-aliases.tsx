import { X } from "lucide-react";
import { useForgetHorseAlias } from "#client/features/results/api/forget-horse-alias.ts";
import { useHorseAliases } from "#client/features/results/api/get-horse-aliases.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.horse;

/**
 * Horse detail's "Also printed as: …": names results sheets gave the horse that a steward confirmed
 * (they now match it exactly). The horse's owners and admins may forget one.
 */
export function HorseAliases({ horseId, horseName }: { horseId: string; horseName: string }) {
  const aliases = useHorseAliases(horseId);
  const forget = useForgetHorseAlias(horseId);
  const list = aliases.data?.aliases ?? [];
  if (list.length === 0) return null;
  const canForget = aliases.data?.canForget ?? false;
  return (
    <div className="mt-2 text-sm text-stone-700">
      <div className="flex flex-wrap items-center gap-1.5">
        <span>{t.alsoPrintedAs}</span>
        <ul className="flex flex-wrap items-center gap-1.5">
          {list.map((a) => (
            <li
              key={a.id}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-0.5 pr-1 pl-2.5 text-stone-900"
            >
              {a.printed}
              {canForget ? (
                <button
                  type="button"
                  disabled={forget.isPending}
                  aria-label={t.forgetLabel(a.printed, horseName)}
                  title={t.forget}
                  onClick={() => forget.mutate(a.id)}
                  className="inline-flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-200 disabled:text-stone-400"
                >
                  <X aria-hidden className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <ErrorAlert message={forget.error?.message} />
    </div>
  );
}
