import type { Generated } from "kysely";

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

export interface NotificationReadTable {
  notification_id: string;
  user_id: string;
  read_at: string;
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

/** Notifications, their reads and the new-show digests. */
export interface NotificationsTables {
  notification: NotificationTable;
  notification_read: NotificationReadTable;
  new_show_digest: NewShowDigestTable;
}
