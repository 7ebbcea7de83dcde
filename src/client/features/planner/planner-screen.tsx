import { EmptyState, PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function PlannerScreen() {
  return (
    <>
      <PageHeader title={texts.planner.title} subtitle={texts.planner.subtitle} />
      <EmptyState title={texts.planner.empty}>{texts.planner.emptyHint}</EmptyState>
    </>
  );
}
