/** Migration 013 (show day): a show's sessions, steward actions, stewards, alerts sent, alert settings. */
export interface ShowSessionTable {
  id: string;
  show_id: string;
  position: number;
  name: string;
  date: string;
  start_time: string | null;
  ring: string;
}

export interface RingActionTable {
  show_id: string;
  seq: number;
  kind: string;
  session_id: string | null;
  class_id: string | null;
  expected_in_ring: string | null;
  reason: string | null;
  minutes: number | null;
  undo_seq: number | null;
  /** Migration 030: a Finish's choice for unrun classes ("scratch" | "move"), and the classes it moved (JSON). */
  unrun: string | null;
  moved_class_ids: string | null;
  /** Migration 030: 1 on a Start confirmed as early. */
  early: number;
  actor_id: string | null;
  /** Epoch milliseconds; PostgreSQL's bigint arrives as a string. */
  at: number | string;
  undone: number;
}

export interface RingCounterTable {
  show_id: string;
  seq: number;
}

export interface RingStewardTable {
  show_id: string;
  user_id: string;
}

export interface ClassAlertTable {
  user_id: string;
  show_id: string;
  class_id: string;
  kind: string;
  created_at: string;
}

export interface AlertSettingTable {
  user_id: string;
  classes_away: number;
}

/** Show day (migration 013): sessions, steward actions, stewards, alerts sent, alert settings. */
export interface ShowDayTables {
  show_session: ShowSessionTable;
  ring_action: RingActionTable;
  ring_counter: RingCounterTable;
  ring_steward: RingStewardTable;
  class_alert: ClassAlertTable;
  alert_setting: AlertSettingTable;
}
