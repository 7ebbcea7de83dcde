import { classesToAdd } from "#domain/class-import.ts";
import { classNumberFromId } from "#domain/class-number.ts";
import type { CreateShowBody } from "#domain/contracts/show-admin.ts";
import type { ShowPrediction } from "#domain/contracts/show-ai.ts";

/** A show the admin has not saved yet: a prediction or an imported class list, as the editor edits it. */
export interface ShowDraft {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  judges: string[];
  sanctioningOrg: string | null;
  isAIPrediction: boolean;
  classes: { number: string; name: string; date?: string | null }[];
}

export function draftFromPrediction(prediction: ShowPrediction): ShowDraft {
  return {
    name: prediction.name,
    startDate: prediction.startDate,
    endDate: prediction.endDate,
    location: prediction.location,
    judges: prediction.judges,
    sanctioningOrg: null,
    isAIPrediction: true,
    classes: prediction.classes.map((c) => ({ number: classNumberFromId(c.id), name: c.name, date: c.date })),
  };
}

/** The create-show request for a draft: classes get ids `class-<number>`, one per number. */
export function createBodyFor(draft: ShowDraft): CreateShowBody {
  return {
    name: draft.name,
    startDate: draft.startDate,
    endDate: draft.endDate,
    location: draft.location,
    sanctioningOrg: draft.sanctioningOrg,
    isAiPrediction: draft.isAIPrediction,
    judges: draft.judges,
    classes: classesToAdd([], draft.classes),
  };
}
