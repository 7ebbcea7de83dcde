import type { PushDeliveryTable } from "#server/db/tables/push.ts";

/** Migration 032 (issue 35, ADR 044): a live link of one horse at one show, kept as its token's hash. */
export interface WatchLinkTable {
  id: string;
  token_hash: string;
  horse_id: string;
  show_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  show_rider: number;
}

/** Migration 036 (issue 35, ADR 050): a live link of a trainer's barn at one show, kept as its token's hash. */
export type BarnWatchLinkTable = Omit<WatchLinkTable, "horse_id"> & {
  /** The barn's trainer: the page shows the horses they train. */
  trainer_id: string;
};

/** Migration 033 (issue 35, ADR 046): a show whose ring board is public, while its row is here. */
export interface PublicBoardTable {
  show_id: string;
  made_public_by: string | null;
  made_public_at: string;
}

/**
 * Migration 034 (issue 35, ADR 049): a browser that tapped Notify me on a link's page; since 038 (ADR 052)
 * a horse link's or a barn link's, exactly one of the two.
 */
export interface WatchPushSubscriptionTable {
  id: string;
  link_id: string | null;
  barn_link_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The client address it came from: what the per-address limits count. */
  address: string;
  created_at: string;
}

/** Migration 038 (ADR 052): a horse a barn link's subscription asked to be notified of. */
export interface WatchPushHorseTable {
  subscription_id: string;
  horse_id: string;
}

/** Migration 038: which message a browser has had about a horse, per class and kind ("away", "ring", "placed:2"). */
export interface WatchPushAlertTable {
  subscription_id: string;
  horse_id: string;
  class_id: string;
  kind: string;
  created_at: string;
}

/** Watching without an account. */
export interface WatchTables {
  watch_link: WatchLinkTable;
  barn_watch_link: BarnWatchLinkTable;
  public_board: PublicBoardTable;
  watch_push_subscription: WatchPushSubscriptionTable;
  watch_push_horse: WatchPushHorseTable;
  /** The same shape as `push_delivery`, sent by the same worker (push.delivery.ts). */
  watch_push_delivery: PushDeliveryTable;
  watch_push_alert: WatchPushAlertTable;
}
