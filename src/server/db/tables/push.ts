import type { Generated } from "kysely";

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
  /** Migration 018: which new shows the person hears of (src/domain/notifications/new-show-reach.ts). */
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

/** Web Push (migration 014): subscriptions, settings, choices and the delivery queue. */
export interface PushTables {
  push_subscription: PushSubscriptionTable;
  push_settings: PushSettingsTable;
  push_choice: PushChoiceTable;
  push_delivery: PushDeliveryTable;
}
