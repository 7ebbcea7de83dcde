/**
 * The horse's champion badge, from its show records (spec, section 9):
 * "World Grand Champion" when a record's show name contains "celebration", its placing is first
 * (1, 1st or WGC) and its class name contains "world grand championship"; "World Champion" for
 * "world championship" under the same show and placing conditions. Grand wins over plain.
 * All comparisons are case-insensitive.
 */
export const CHAMPION_BADGES = ["World Grand Champion", "World Champion"] as const;
export type ChampionBadge = (typeof CHAMPION_BADGES)[number];

export interface ChampionRecord {
  showName: string;
  className: string;
  placing: string;
}

const WINNING_PLACINGS = new Set(["1", "1st", "wgc"]);

/** True for the placings that count as a win: 1, 1st or WGC (case-insensitive, surrounding spaces ignored). */
export function isWinningPlacing(placing: string): boolean {
  return WINNING_PLACINGS.has(placing.trim().toLowerCase());
}

function isCelebrationWin(record: ChampionRecord): boolean {
  return record.showName.toLowerCase().includes("celebration") && isWinningPlacing(record.placing);
}

export function championBadge(records: readonly ChampionRecord[]): ChampionBadge | null {
  const wins = records.filter(isCelebrationWin).map((r) => r.className.toLowerCase());
  if (wins.some((name) => name.includes("world grand championship"))) return "World Grand Champion";
  if (wins.some((name) => name.includes("world championship"))) return "World Champion";
  return null;
}
