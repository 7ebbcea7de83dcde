import type { Generated } from "kysely";

/**
 * Kysely's view of the whole data model (DESIGN.md). Columns are snake_case; dates are
 * yyyy-mm-dd text, instants ISO-8601 text in our tables. better-auth's own tables keep the
 * types it writes (Date on PostgreSQL, ISO text on SQLite).
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  roles: string;
  gender: string | null;
  date_of_birth: string | null;
  photo_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface AccountTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | string | null;
  refresh_token_expires_at: Date | string | null;
  scope: string | null;
  password: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  last_request: number | string;
}

/** Epoch milliseconds; PostgreSQL's bigint arrives as a string, so read through Number(). */
type EpochMs = number | string;

export interface AuthThrottleTable {
  key: string;
  count: number;
  last_at: EpochMs;
  blocked_until: EpochMs;
}

export interface DemoLinkTable {
  nonce_hash: string;
  url: string;
  expires_at: EpochMs;
}

export interface FriendshipTable {
  user_id: string;
  friend_id: string;
  created_at: string;
}

/** A pending friend request (migration 004); accepting turns it into two `friendship` rows. */
export interface FriendRequestTable {
  requester_id: string;
  addressee_id: string;
  created_at: string;
  ignored_at: string | null;
}

/** `blocker_id` blocked `blocked_id` (migration 004). */
export interface UserBlockTable {
  blocker_id: string;
  blocked_id: string;
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

export interface ImageTable {
  id: string;
  owner_id: string | null;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: string;
}

export interface HorseTable {
  id: string;
  name: string;
  /** Migration 023: normaliseHorseName(name), written with every name (`horseNameColumns`). */
  name_key: string;
  gender: string | null;
  date_of_birth: string;
  canters: number;
  picture_id: string | null;
  created_at: string;
}

export interface HorseOwnerTable {
  horse_id: string;
  user_id: string;
}
export type HorseTrainerTable = HorseOwnerTable;

export interface HorseDivisionTable {
  horse_id: string;
  division_id: string;
}

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

/** Which divisions a show's classes carry (migration 002), kept by the shows repository for the facets. */
export interface ShowDivisionTable {
  show_id: string;
  division_id: string;
  class_count: number;
}

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

export interface NotificationTable {
  id: string;
  user_id: string | null;
  type: string;
  message: string;
  show_id: string | null;
  created_at: string;
  /** Migration 018: 1 once the show it was about was deleted (show_id is then null). */
  show_deleted: Generated<number>;
  /** Migration 021: the class it is about, within `show_id` (class ids are unique per show only). */
  class_id: Generated<string | null>;
  /** Migration 021: 1 once that class was removed from its show. */
  class_deleted: Generated<number>;
}

/** Migration 018: what one calendar import told one person so far (its later batches add to it). */
export interface NewShowDigestTable {
  import_id: string;
  user_id: string;
  notification_id: string;
  /** JSON array of the covered shows' locations. */
  locations: string;
  created_at: string;
}

export interface NotificationReadTable {
  notification_id: string;
  user_id: string;
  read_at: string;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

/** A replayable mutation's key and, once answered, its answer (migration 009). */
export interface IdempotencyKeyTable {
  user_id: string;
  key: string;
  fingerprint: string;
  /** Null while the first request with this key is still running. */
  status_code: number | null;
  body: string | null;
  created_at: string;
  /** The server that claimed the key (its INSTANCE name) and its process (migration 029); null on older rows. */
  instance: string | null;
  boot_id: string | null;
}

/** A running server process and its lease (migration 029). */
export interface ServerInstanceTable {
  boot_id: string;
  /** The server's stable name, the same across its restarts. */
  name: string;
  started_at: string;
  /** Renewed every few seconds while the process runs; lapsed, the process is dead. */
  lease_until: string;
}

/** How many live streams a server process holds open for a person, for the limit across servers (migration 029). */
export interface LiveStreamTable {
  user_id: string;
  boot_id: string;
  streams: number;
}

/** A user's calendar feed: the salt its token derives from and the token's SHA-256 hash (migration 009). */
export interface CalendarFeedTable {
  user_id: string;
  salt: string;
  token_hash: string;
  /** The last generated calendar's hash (the ETag), null until first read. */
  content_hash: string | null;
  /** When the generated calendar last changed (Last-Modified). */
  changed_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** Migration 011: per-user roster counters kept by triggers; the empty subject is the catalogue's. */
export interface CacheVersionTable {
  subject: string;
  version: number;
}

/** A browser that said yes to push, tied to the session that subscribed (migration 014). */
export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  session_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
}

export interface PushSettingsTable {
  user_id: string;
  quiet_hours: number;
  time_zone: string | null;
  /** Migration 018: which new shows the person hears of (src/domain/new-show-reach.ts). */
  new_shows: Generated<string>;
}

export interface PushChoiceTable {
  user_id: string;
  kind: string;
  push: number;
}

/** One message waiting for one device (migration 014). */
export interface PushDeliveryTable {
  id: string;
  subscription_id: string;
  topic: string;
  message: string;
  urgency: string;
  due_at: string;
  expires_at: string;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
}

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

export interface ResultTable {
  id: string;
  show_id: string;
  class_id: string;
  line_no: number;
  placing: number | null;
  horse_name: string;
  rider_name: string;
  owner_name: string;
  horse_id: string | null;
  horse_key: string;
  points: number;
  year: number;
  org: string;
  division_id: string | null;
}

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

export interface StandingTable {
  year: number;
  org: string;
  division_id: string;
  horse_key: string;
  horse_id: string | null;
  horse_name: string;
  points: number;
  shows: number;
  classes: number;
  firsts: number;
  seconds: number;
  thirds: number;
}

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

/** How many horses of a year, organisation and division stand on `points` (migration 022). */
export interface StandingPointsTable {
  year: number;
  org: string;
  division_id: string;
  points: number;
  horses: number;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rate_limit: RateLimitTable;
  auth_throttle: AuthThrottleTable;
  demo_link: DemoLinkTable;
  friendship: FriendshipTable;
  friend_request: FriendRequestTable;
  user_block: UserBlockTable;
  barn_notice_quota: BarnNoticeQuotaTable;
  roster_write_quota: RosterWriteQuotaTable;
  image: ImageTable;
  horse: HorseTable;
  horse_owner: HorseOwnerTable;
  horse_trainer: HorseTrainerTable;
  horse_division: HorseDivisionTable;
  division: DivisionTable;
  show: ShowTable;
  show_judge: ShowJudgeTable;
  show_class: ShowClassTable;
  show_division: ShowDivisionTable;
  class_entry: ClassEntryTable;
  show_record: ShowRecordTable;
  notification: NotificationTable;
  notification_read: NotificationReadTable;
  new_show_digest: NewShowDigestTable;
  outbox: OutboxTable;
  app_meta: AppMetaTable;
  idempotency_key: IdempotencyKeyTable;
  calendar_feed: CalendarFeedTable;
  cache_version: CacheVersionTable;
  push_subscription: PushSubscriptionTable;
  push_settings: PushSettingsTable;
  push_choice: PushChoiceTable;
  push_delivery: PushDeliveryTable;
  show_session: ShowSessionTable;
  ring_action: RingActionTable;
  ring_counter: RingCounterTable;
  ring_steward: RingStewardTable;
  class_alert: ClassAlertTable;
  alert_setting: AlertSettingTable;
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
  server_instance: ServerInstanceTable;
  live_stream: LiveStreamTable;
}

export type { Generated };
