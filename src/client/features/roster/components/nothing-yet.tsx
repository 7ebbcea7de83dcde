import { Link } from "#client/app/routing.ts";
import { EmptyState } from "#client/ui/page.tsx";
import { rosterTexts } from "#domain/texts/roster.ts";
import { rosterEmptyTexts } from "#domain/texts/roster-empty.ts";

/** The whole roster empty (a new account): one sentence and the way to fill it, not one per section. */
export default function NothingYet() {
  return (
    <div data-testid="roster-nothing">
      <EmptyState title={rosterEmptyTexts.nothingYet}>
        <p>{rosterEmptyTexts.nothingYetHint}</p>
        <Link to="/planner" className="plan-link mt-2 inline-block">
          {rosterTexts.planLink}
        </Link>
      </EmptyState>
    </div>
  );
}
