import type { ShowDraft } from "#domain/contracts/admin.ts";
import type { ShowPrediction } from "#domain/contracts/show-ai.ts";
import { classNumberFromId } from "#domain/shows/class-number.ts";

/** The predicted show as the show editor's starting draft: new classes (no ids), flagged as a prediction. */
export function draftFromPrediction(prediction: ShowPrediction): ShowDraft {
  return {
    name: prediction.name,
    startDate: prediction.startDate,
    endDate: prediction.endDate,
    location: prediction.location,
    judges: prediction.judges,
    sanctioningOrg: prediction.sanctioningOrg,
    isAIPrediction: true,
    classes: prediction.classes.map((c) => ({ number: classNumberFromId(c.id), name: c.name, date: c.date })),
  };
}
