import type { Generated } from "kysely";

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
  /** 1 when people outside their friends and barn may find them by a search (migration 031). */
  findable: Generated<number>;
  town: string | null;
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

/** Accounts, sessions and sign-in throttles (better-auth's tables keep the types it writes: Date on PostgreSQL, ISO text on SQLite). */
export interface AccountsTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rate_limit: RateLimitTable;
  auth_throttle: AuthThrottleTable;
  demo_link: DemoLinkTable;
}
