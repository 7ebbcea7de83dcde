import { CalendarX2 } from "lucide-react";
import { Link } from "#client/app/routing.ts";
import { buttonClass } from "#client/ui/button.tsx";
import { showTexts } from "#domain/texts/show.ts";

/** 'Show not found', with the way back to the planner. */
export function ShowNotFound() {
  return (
    <section className="flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white/60 px-4 py-10 text-center">
      <CalendarX2 aria-hidden className="mb-3 size-10 text-stone-400" />
      <h1 className="text-lg font-bold text-brand-900">{showTexts.notFoundTitle}</h1>
      <p className="mt-2 text-sm text-stone-600">{showTexts.notFoundBody}</p>
      <Link to="/planner" className={buttonClass("primary", "mt-5")}>
        {showTexts.backToPlanner}
      </Link>
    </section>
  );
}
