import { setImmediate as nextTurn } from "node:timers/promises";
import type { PreviewBody, PreviewLine, ResultPreview } from "#domain/contracts/results.ts";
import { HorseIndex, suggestedHorse } from "#domain/results/horse-match.ts";
import {
  type ParsedResults,
  parseResultCsv,
  parseResultText,
  placingProblems,
} from "#domain/results/result-lines.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { aliasNames, allHorseNames } from "./horse-names.repository.ts";
import { postingContext } from "./results.posting.ts";

/** Chunks of a few ms each against some 10,000 horses (bench/results-preview-bench.ts). */
const HORSES_PER_TURN = 1000;
const LINES_PER_TURN = 5;

/** Matches parsed lines to Ringside horses for a person to check before publishing. */
async function matchLines(db: Db, parsed: ParsedResults, gapsIntended: boolean, readText: string | null) {
  const [horses, aliases] = await Promise.all([allHorseNames(db.db), aliasNames(db.db)]);
  const names = new Map(horses.map((h) => [h.id, h.name]));
  // Indexing every horse and matching a long paste would hold the event loop for everyone else:
  // both give way to other requests between chunks, as the season PDF does between rows.
  const index = new HorseIndex();
  for (const [i, h] of horses.entries()) {
    index.add({ id: h.id, names: [h.name, ...(aliases.get(h.id) ?? [])] });
    if ((i + 1) % HORSES_PER_TURN === 0) await nextTurn();
  }
  const lines: PreviewLine[] = [];
  const namesOf = (id: string) => ({ id, names: [names.get(id) ?? "", ...(aliases.get(id) ?? [])] });
  for (const l of parsed.lines) {
    const match = index.match(l.horse);
    const candidates =
      match.kind === "close" ? match.candidates : match.kind === "exact" ? [match.horseId] : [];
    lines.push({
      ...l,
      match: match.kind,
      horseId: match.kind === "exact" ? match.horseId : null,
      candidates: candidates.map((id) => ({ id, name: names.get(id) ?? "" })),
      suggested: match.kind === "close" ? suggestedHorse(l.horse, match.candidates.map(namesOf)) : null,
    });
    if (lines.length % LINES_PER_TURN === 0) await nextTurn();
  }
  const problems = [...parsed.problems, ...placingProblems(parsed.lines, gapsIntended)];
  const preview: ResultPreview = { lines, problems: [...new Set(problems)], readText };
  return preview;
}

export async function previewResults(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
  body: PreviewBody,
): Promise<ResultPreview> {
  await postingContext(db, viewer, ids.showId, ids.classId);
  const parsed = body.format === "csv" ? parseResultCsv(body.text) : parseResultText(body.text);
  return matchLines(db, parsed, body.gapsIntended ?? false, null);
}

/** Placings from text read off a photo or PDF: headings are passed over; none found shows what was read. */
export async function previewReadResults(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
  text: string,
): Promise<ResultPreview> {
  await postingContext(db, viewer, ids.showId, ids.classId);
  return matchLines(db, parseResultText(text, false), false, text);
}
