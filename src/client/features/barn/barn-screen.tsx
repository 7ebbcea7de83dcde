import { EmptyState, PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function BarnScreen() {
  return (
    <>
      <PageHeader title={texts.barn.title} />
      <EmptyState title={texts.barn.emptyTitle}>{texts.barn.emptyBody}</EmptyState>
    </>
  );
}
