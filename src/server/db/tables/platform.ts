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

/** Migration 011: per-user roster counters kept by triggers; the empty subject is the catalogue's. */
export interface CacheVersionTable {
  subject: string;
  version: number;
}

/** What the app keeps for itself: the mail outbox, replay keys, calendar feeds, app settings, cache versions, server processes and their live streams. */
export interface PlatformTables {
  outbox: OutboxTable;
  app_meta: AppMetaTable;
  idempotency_key: IdempotencyKeyTable;
  calendar_feed: CalendarFeedTable;
  cache_version: CacheVersionTable;
  server_instance: ServerInstanceTable;
  live_stream: LiveStreamTable;
}
