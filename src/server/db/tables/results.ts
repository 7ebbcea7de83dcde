import type { ResultRow } from "#domain/results/result-rows.ts";
import type { StandingRow } from "#domain/results/standing-deltas.ts";

/** Posted results and high-point standings (migration 017, ADR 026). */
export interface PointsScaleTable {
  org: string;
  placings: string;
  shown: number;
  scale_by_size: number;
  updated_at: string;
}

export interface ResultClassTable {
  show_id: string;
  class_id: string;
  version: number;
  published_by: string | null;
  published_at: string;
  corrected_at: string | null;
}

/** The rows the results rules build (#domain/results/result-rows.ts). */
export type ResultTable = ResultRow;

export interface ResultHistoryTable {
  id: string;
  show_id: string;
  class_id: string;
  version: number;
  kind: string;
  actor_id: string | null;
  at: string;
  lines: string;
}

export interface ResultHiddenTable {
  user_id: string;
  result_id: string;
}

/** The rows the standings rules move (#domain/results/standing-deltas.ts). */
export type StandingTable = StandingRow;

export interface StandingShowTable {
  year: number;
  org: string;
  division_id: string;
  horse_key: string;
  show_id: string;
  classes: number;
}

export interface StandingGroupTable {
  year: number;
  org: string;
  division_id: string;
  horses: number;
}

/** Migration 022: a name a horse was printed under, confirmed at publish by an admin or steward. */
export interface HorseAliasTable {
  id: string;
  horse_id: string;
  /** The normalised name (`normaliseHorseName`), what matching compares. */
  name_key: string;
  printed: string;
  confirmed_by: string | null;
  confirmed_at: string;
}

/** How many horses of a year, organisation and division stand on `points` (migration 022). */
export interface StandingPointsTable {
  year: number;
  org: string;
  division_id: string;
  points: number;
  horses: number;
}

/** Posted results and high-point standings (migration 017, ADR 026). */
export interface ResultsTables {
  points_scale: PointsScaleTable;
  result_class: ResultClassTable;
  result: ResultTable;
  result_history: ResultHistoryTable;
  result_hidden: ResultHiddenTable;
  standing: StandingTable;
  standing_show: StandingShowTable;
  standing_group: StandingGroupTable;
  horse_alias: HorseAliasTable;
  standing_points: StandingPointsTable;
}
