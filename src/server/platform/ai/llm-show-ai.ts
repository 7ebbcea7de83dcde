import { z } from "zod";
import {
  carryClasses,
  completePrediction,
  type Edition,
  latestEdition,
  nextEditionName,
  predictionHistory,
  predictionOrg,
  type ShowPrediction,
} from "#domain/shows/show-prediction.ts";
import type { LlmClient, LlmImage } from "#server/platform/ai/llm-client.ts";
import { cleanModelText } from "#server/platform/ai/model-text.ts";

/**
 * The spec's calls 1 and 2 (section 7) to an LLM: predict a show's next edition from its history, and read
 * a show name and classes from a photographed class list. Replies are validated by zod, then cleaned as
 * untrusted text; what a prediction leaves out gets the spec's defaults (completePrediction).
 */

const MAX_CLASSES = 2_000;
const ModelClass = z.object({ id: z.string().max(100), name: z.string().max(1_000) });

/** Call 1's reply. Every field may be missing or null: the spec's defaults fill it in. */
export const LlmShowPrediction = z.object({
  name: z.string().max(500).nullish(),
  startDate: z.string().max(40).nullish(),
  endDate: z.string().max(40).nullish(),
  location: z.string().max(500).nullish(),
  judges: z.array(z.string().max(300)).max(50).nullish(),
  classes: z.array(ModelClass).max(MAX_CLASSES).nullish(),
});

/** Call 2's reply: the show's name as printed and its classes (id: the class number as printed). */
export const LlmShowData = z.object({
  name: z.string().max(500).nullish(),
  classes: z.array(ModelClass).max(MAX_CLASSES),
});

const PREDICT_SYSTEM = [
  "You predict the next edition of a Tennessee Walking Horse show from its earlier editions.",
  "Follow the pattern of the dates (same weekday and week of the month, a year on), keep the location unless it moved, and list the judges you expect or an empty list.",
  "Dates are yyyy-mm-dd and must not be before today.",
  'Answer with JSON: {"name":"...","startDate":"yyyy-mm-dd","endDate":"yyyy-mm-dd","location":"...","judges":["..."],"classes":[{"id":"...","name":"..."}]}.',
  "Leave classes empty unless you know the show's class list.",
].join(" ");

const EXTRACT_SYSTEM = [
  "You read a horse show's class list (prize list) from a photo.",
  "Give the show's name as printed (or null) and every class in order: id is the class number as printed (such as 36 or 59E), name is the class name without prize money or notes.",
  'Answer with JSON: {"name":"...","classes":[{"id":"...","name":"..."}]}.',
].join(" ");

const line = (text: string | null | undefined, max: number) => (text ? cleanModelText(text, max) : "");

/** Model classes, cleaned: no empty names, unique ids (a missing or repeated id becomes class-N). */
function modelClasses(classes: readonly z.infer<typeof ModelClass>[]): { id: string; name: string }[] {
  const seen = new Set<string>();
  const kept: { id: string; name: string }[] = [];
  for (const c of classes) {
    const name = line(c.name, 300);
    if (!name) continue;
    let id = line(c.id, 40);
    if (!id || seen.has(id)) id = `class-${kept.length + 1}`;
    seen.add(id);
    kept.push({ id, name });
  }
  return kept;
}

/**
 * The next edition of the show whose editions (at least one, no saved predictions) are given. The model
 * sees the spec's input only (each edition's name, dates, location and judges); when it names no classes
 * the latest edition's are carried over, as the rules do.
 */
export async function llmPredictShow(
  client: LlmClient,
  input: { editions: readonly Edition[]; today: string },
): Promise<ShowPrediction> {
  const last = latestEdition(input.editions)!;
  const answer = await client.generateObject({
    schema: LlmShowPrediction,
    system: PREDICT_SYSTEM,
    prompt: JSON.stringify({ today: input.today, history: predictionHistory(input.editions) }),
  });
  const prediction = completePrediction(
    {
      name: line(answer.name, 200),
      startDate: answer.startDate,
      endDate: answer.endDate,
      location: line(answer.location, 200),
      judges: (answer.judges ?? []).map((j) => line(j, 100)),
      classes: modelClasses(answer.classes ?? []).map((c) => ({ ...c, date: null })),
      sanctioningOrg: predictionOrg(input.editions),
    },
    nextEditionName(last.name, 1),
    input.today,
  );
  return prediction.classes.length > 0
    ? prediction
    : { ...prediction, classes: carryClasses(last, prediction.startDate) };
}

export interface ImageShowData {
  name: string | null;
  classes: { number: string; name: string }[];
}

/** The class number in a model's id ("class-36A", "#36A", "No. 36A" are 36A): letters and digits, as ids take. */
const classNumber = (id: string) =>
  id
    .replace(/^(?:class|cel|sfs|no\.?)\s*-?\s*/i, "")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 20);

/** Show name and classes read from a photo by the model. */
export async function llmExtractShowData(client: LlmClient, image: LlmImage): Promise<ImageShowData> {
  const answer = await client.generateObject({
    schema: LlmShowData,
    system: EXTRACT_SYSTEM,
    prompt: "Read the show name and the class list in this picture.",
    image,
  });
  return {
    name: line(answer.name, 200) || null,
    classes: modelClasses(answer.classes).map((c, i) => ({
      number: classNumber(c.id) || String(i + 1),
      name: c.name,
    })),
  };
}
