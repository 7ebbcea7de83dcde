import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** Notifications a user may see: their own and the everyone-notifications (no user id). */
export async function countUnreadVisible(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notification as n")
    .where((eb) => eb.or([eb("n.user_id", "=", userId), eb("n.user_id", "is", null)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notification_read as r")
            .select("r.notification_id")
            .whereRef("r.notification_id", "=", "n.id")
            .where("r.user_id", "=", userId),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
