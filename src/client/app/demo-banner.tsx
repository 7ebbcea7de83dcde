import { TriangleAlert } from "lucide-react";
import { useConfig } from "#client/features/auth/api/get-config.ts";
import { texts } from "#domain/texts.ts";

/** Demo mode on a server others can reach says so on every screen (ADR 007). */
export function DemoBanner() {
  const config = useConfig();
  if (!config.data?.demoReachable) return null;
  return (
    <aside
      aria-label="Demo mode"
      className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <p>{texts.demo.banner}</p>
    </aside>
  );
}
