import type { RefObject } from "react";
import { Link } from "#client/app/routing.ts";
import type { CalendarShow } from "#domain/contracts/season.ts";
import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { seasonTexts } from "#domain/texts/season.ts";

const t = seasonTexts.calendar;

/** The chosen day's shows, each a link to its show. */
export function DayAgenda({
  day,
  shows,
  heading,
}: {
  day: string;
  shows: readonly CalendarShow[];
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section aria-labelledby="calendar-day" data-testid="calendar-agenda" className="flex flex-col gap-2">
      <h3
        id="calendar-day"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {formatDayHeading(day)}
      </h3>
      {shows.length === 0 ? (
        <p className="text-sm text-stone-600">{t.noShows}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shows.map((show) => (
            <li key={show.id}>
              <Link
                to={`/shows/${encodeURIComponent(show.id)}`}
                className="flex min-h-11 flex-col rounded-lg border border-stone-200 bg-white px-3 py-2 hover:bg-brand-50"
              >
                <span className="font-semibold break-words text-brand-800">{show.name}</span>
                <span className="text-sm break-words text-stone-600">
                  {formatShowDates(show.startDate, show.endDate)} · {show.location}
                </span>
                {show.mine ? (
                  <span className="mt-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    ★ {t.mine}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
