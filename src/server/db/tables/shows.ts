import type { Generated } from "kysely";

export interface DivisionTable {
  id: string;
  name: string;
  position: number;
}

export interface ShowTable {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  sanctioning_org: string | null;
  is_ai_prediction: number;
  created_at: string;
  /** Goes up on every change to the show, its judges or its classes (database triggers, migration 007). */
  revision: Generated<number>;
  /** Migration 013: the IANA zone an admin chose; null = the zone of the show's state. */
  time_zone: Generated<string | null>;
  minutes_per_class: Generated<number>;
}

export interface ShowJudgeTable {
  show_id: string;
  position: number;
  name: string;
}

export interface ShowClassTable {
  show_id: string;
  id: string;
  position: number;
  number: string;
  name: string;
  date: string | null;
  division_id: string | null;
  /** Migration 013: the session it runs in (null: its date's untimed session) and its printed-schedule start. */
  session_id: Generated<string | null>;
  planned_start: Generated<string | null>;
}

/** Which divisions a show's classes carry (migration 002), kept by the shows repository for the facets. */
export interface ShowDivisionTable {
  show_id: string;
  division_id: string;
  class_count: number;
}

/** Shows, their judges, classes and the divisions they carry. */
export interface ShowsTables {
  division: DivisionTable;
  show: ShowTable;
  show_judge: ShowJudgeTable;
  show_class: ShowClassTable;
  show_division: ShowDivisionTable;
}
