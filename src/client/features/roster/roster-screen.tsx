import { Link } from "react-router";
import { EmptyState, PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

const sections = [texts.roster.today, texts.roster.thisWeek, texts.roster.showSeason];

export default function RosterScreen() {
  return (
    <>
      <PageHeader title={texts.roster.title} subtitle={texts.roster.subtitle} />
      <div className="flex flex-col gap-6">
        {sections.map((title) => (
          <section key={title} aria-labelledby={`roster-${title}`}>
            <h2 id={`roster-${title}`} className="mb-2 text-lg font-semibold text-brand-900">
              {title}
            </h2>
            <EmptyState title={texts.roster.empty}>
              <Link to="/planner" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {texts.roster.planLink}
              </Link>
            </EmptyState>
          </section>
        ))}
      </div>
    </>
  );
}
