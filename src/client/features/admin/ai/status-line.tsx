import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/** A success message, announced politely to screen readers. */
export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
    >
      <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
