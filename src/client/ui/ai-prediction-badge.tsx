import { Sparkles } from "lucide-react";
import { plannerTexts } from "#domain/texts/planner.ts";

/**
 * The 'AI Prediction' status badge of planner cards and show details. Dark gold text on a pale gold tint:
 * 8.0:1, where the earlier gold-on-gold read 2.68:1 and failed WCAG AA.
 */
export function AiPredictionBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-800 ring-1 ring-gold-400 ring-inset">
      <Sparkles aria-hidden className="size-3" />
      {plannerTexts.aiPrediction}
    </span>
  );
}
