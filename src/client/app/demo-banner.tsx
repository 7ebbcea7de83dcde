import { TriangleAlert } from "lucide-react";
import { demoTexts } from "#domain/texts/demo.ts";

/** Demo mode on a server others can reach says so on every screen (ADR 007); see app-tree.tsx. */
export function DemoBanner() {
  return (
    <aside
      aria-label="Demo mode"
      className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <p>{demoTexts.banner}</p>
    </aside>
  );
}
