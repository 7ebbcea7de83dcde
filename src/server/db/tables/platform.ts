export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
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

/** Migration 011: per-user roster counters kept by triggers; the empty subject is the catalogue's. */
export interface CacheVersionTable {
  subject: string;
  version: number;
}

/** What the app keeps for itself: the mail outbox, replay keys, calendar feeds, app settings, cache versions. */
export interface PlatformTables {
  outbox: OutboxTable;
  app_meta: AppMetaTable;
  idempotency_key: IdempotencyKeyTable;
  calendar_feed: CalendarFeedTable;
  cache_version: CacheVersionTable;
}
