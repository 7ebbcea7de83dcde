import { EmptyState, PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function NotificationsScreen() {
  return (
    <>
      <PageHeader title={texts.notifications.title} />
      <EmptyState title={texts.notifications.empty} />
    </>
  );
}
