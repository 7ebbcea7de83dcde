import { Award } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "#client/app/routing.ts";
import type { ShowRecord } from "#domain/contracts/records.ts";
import { formatLongDate } from "#domain/dates/show-dates.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { profileTexts } from "#domain/texts/profile.ts";
import { resultsTexts } from "#domain/texts/results.ts";

/** Show record cards: show, class, placing, date, rider and a link to the horse. */
export function RecordList({
  records,
  linkHorse = true,
  hideAction,
}: {
  records: readonly ShowRecord[];
  linkHorse?: boolean;
  /** For a row from the show's results, a control that hides it (the owner's own records only). */
  hideAction?: (record: ShowRecord) => ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {records.map((r) => (
        <li key={r.id} className="rounded-xl border border-stone-200 bg-white p-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">{r.showName}</p>
              <p className="text-sm text-stone-700">{r.className}</p>
            </div>
            <span className="inline-flex shrink-0 items-center gap-1 self-start rounded-full bg-gold-400/30 px-2.5 py-1 text-xs font-semibold text-stone-900">
              <Award aria-hidden className="size-3.5" />
              {profileTexts.placingLine(placingLabel(r.placing))}
            </span>
          </div>
          <p className="mt-2 text-sm text-stone-600">
            {formatLongDate(r.showDate)}
            {r.rider.name ? ` · ${profileTexts.riderLine(r.rider.name)}` : null}
          </p>
          {r.fromResults ? (
            <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs font-medium text-stone-600 italic">{resultsTexts.fromResults}</p>
              {hideAction?.(r)}
            </div>
          ) : null}
          {linkHorse ? (
            <Link
              to={`/horses/${r.horse.id}`}
              aria-label={profileTexts.viewHorse(r.horse.name)}
              className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {r.horse.name}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
