export interface ClassEntryTable {
  id: string;
  user_id: string;
  show_id: string;
  class_id: string;
  status: string;
  horse_id: string | null;
  rider_id: string | null;
  placing: string | null;
  created_by: string;
  created_at: string;
}

export interface ShowRecordTable {
  id: string;
  owner_id: string;
  show_name: string;
  class_name: string;
  show_date: string;
  placing: string;
  horse_id: string;
  rider_id: string;
  created_at: string;
}

/** An actor's barn notifications in the current window (migration 004). */
export interface BarnNoticeQuotaTable {
  actor_id: string;
  window_start: string;
  used: number;
}

/** Entries an actor's saves put on other people's rosters in the current window (migration 012). */
export interface RosterWriteQuotaTable {
  actor_id: string;
  window_start: string;
  used: number;
}

/** Class entries, show records and the per-actor quotas on what a save may do to others. */
export interface EntriesTables {
  class_entry: ClassEntryTable;
  show_record: ShowRecordTable;
  barn_notice_quota: BarnNoticeQuotaTable;
  roster_write_quota: RosterWriteQuotaTable;
}
