import { Link } from "react-router";
import { buttonClass } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function ShowDetailScreen() {
  return (
    <EmptyState title={texts.show.notFoundTitle}>
      <p>{texts.show.notFoundBody}</p>
      <Link to="/planner" className={buttonClass("primary", "mt-4")}>
        {texts.show.backToPlanner}
      </Link>
    </EmptyState>
  );
}
