import type { ReactNode } from "react";
import { useOnline } from "#client/lib/online.ts";
import { useDocumentTitle } from "#client/ui/use-document-title.ts";
import { texts } from "#domain/texts/shell.ts";

/** The page's heading; it also names the document ("Your Roster — Ringside"). */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <header className="mb-5 flex items-start justify-between gap-3">
      <div>
        <h1 className="text-xl font-bold tracking-tight text-brand-900 min-[400px]:text-2xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}

export function EmptyState({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {icon ? <div className="mb-2 text-stone-400">{icon}</div> : null}
      <p className="text-sm font-medium text-stone-700">{title}</p>
      {children ? <div className="mt-2 text-sm text-stone-600">{children}</div> : null}
    </div>
  );
}

/**
 * Something is loading. Offline nothing loads (queries wait for the connection), so it says instead
 * that this needs a connection: what was seen before comes from the device and never reaches a spinner.
 */
export function Spinner({ label }: { label: string }) {
  const online = useOnline();
  if (!online) {
    return (
      <p role="status" className="py-10 text-center text-sm text-stone-600">
        {texts.offline.needsConnection}
      </p>
    );
  }
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-stone-600">
      <span aria-hidden className="spinner-ring" />
      <span>{label}</span>
    </div>
  );
}
