import type { PreviewLine } from "#domain/contracts/results.ts";

/**
 * What each line of a results preview publishes with (issue 34): an exact match its horse; a close
 * match starts on its nearest horse for a person to confirm, so publishing without touching it gives
 * the owner the result. Keeping the printed name is a choice of its own. A close line starts on
 * nothing (the person must choose) when its candidates tie, and on the printed name when every
 * candidate is already another line's exact match (one horse places once in a class). Pure.
 */
export const KEEP_NAME = "keep";

export type Choices = Readonly<Record<number, string>>;

export type CloseStart = "suggested" | "taken" | "choose";

/** How a close line starts: on its suggestion, on the name (its horses are placed already), or on nothing. */
export function closeStart(line: PreviewLine, taken: ReadonlySet<string>): CloseStart {
  if (line.suggested && !taken.has(line.suggested)) return "suggested";
  if (line.candidates.length > 0 && line.candidates.every((c) => taken.has(c.id))) return "taken";
  return "choose";
}

/** The horses the preview matched exactly: no close line starts on one of them. */
export const exactHorses = (lines: readonly PreviewLine[]): Set<string> =>
  new Set(lines.flatMap((l) => (l.match === "exact" && l.horseId ? [l.horseId] : [])));

/** The choices a preview starts with. */
export function initialChoices(lines: readonly PreviewLine[]): Record<number, string> {
  const taken = exactHorses(lines);
  const choices: Record<number, string> = {};
  for (const l of lines) {
    if (l.match !== "close") continue;
    const start = closeStart(l, taken);
    if (start === "suggested" && l.suggested) choices[l.lineNo] = l.suggested;
    else if (start === "taken") choices[l.lineNo] = KEEP_NAME;
  }
  return choices;
}

/** The horse a line publishes with, and whether a person confirmed a match short of exact. */
export function chosenHorse(
  line: PreviewLine,
  chosen: string | undefined,
): { horseId: string | null; confirmed: boolean } {
  if (line.match === "exact") return { horseId: line.horseId, confirmed: false };
  const horseId =
    line.match === "close" && chosen && chosen !== KEEP_NAME && line.candidates.some((c) => c.id === chosen)
      ? chosen
      : null;
  return { horseId, confirmed: horseId !== null };
}

/** The close lines still without a choice: nothing is published until the person makes one. */
export const unchosen = (lines: readonly PreviewLine[], choices: Choices): number[] =>
  lines.filter((l) => l.match === "close" && !choices[l.lineNo]).map((l) => l.lineNo);
