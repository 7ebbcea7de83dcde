import { EmptyState, PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function HorsesScreen() {
  return (
    <>
      <PageHeader title={texts.horses.title} />
      <EmptyState title={texts.horses.empty} />
    </>
  );
}
