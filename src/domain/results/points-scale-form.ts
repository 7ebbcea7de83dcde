import type { PointsScaleBody } from "#domain/contracts/results.ts";
import { MAX_SCALE_PLACINGS, MAX_SCALE_POINTS } from "#domain/results/high-point.ts";
import { resultsTexts } from "#domain/texts/results.ts";

/** The admin's points scale form as typed: points by placing as "7, 6, 5, 4, 3, 2". */
export interface ScaleDraft {
  placings: string;
  shown: string;
  scaleBySize: boolean;
}

export type ScaleErrors = Partial<Record<"placings" | "shown", string>>;

const e = resultsTexts.scales.errors;
const wholePoints = (s: string) => /^\d+$/.test(s) && Number(s) <= MAX_SCALE_POINTS;

/** A scale as the form shows it. */
export const scaleDraft = (scale: PointsScaleBody): ScaleDraft => ({
  placings: scale.placings.join(", "),
  shown: String(scale.shown),
  scaleBySize: scale.scaleBySize,
});

/**
 * Reads the form (issue 22): points for 1st, 2nd, … separated by commas or spaces, each a whole number
 * from 0 to the maximum, never more for a lower placing; points for showing without a placing likewise.
 */
export function readScaleDraft(draft: ScaleDraft): { body: PointsScaleBody } | { errors: ScaleErrors } {
  const errors: ScaleErrors = {};
  const parts = draft.placings
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) errors.placings = e.placingsRequired;
  else if (parts.length > MAX_SCALE_PLACINGS) errors.placings = e.tooMany(MAX_SCALE_PLACINGS);
  else if (!parts.every(wholePoints)) errors.placings = e.notWhole(MAX_SCALE_POINTS);
  else if (parts.some((p, i) => i > 0 && Number(p) > Number(parts[i - 1]))) errors.placings = e.notDescending;
  const shown = draft.shown.trim();
  if (!wholePoints(shown)) errors.shown = e.notWhole(MAX_SCALE_POINTS);
  if (errors.placings || errors.shown) return { errors };
  return { body: { placings: parts.map(Number), shown: Number(shown), scaleBySize: draft.scaleBySize } };
}
