import type { AccountsTables } from "#server/db/tables/accounts.ts";
import type { EntriesTables } from "#server/db/tables/entries.ts";
import type { HorsesTables } from "#server/db/tables/horses.ts";
import type { NotificationsTables } from "#server/db/tables/notifications.ts";
import type { PeopleTables } from "#server/db/tables/people.ts";
import type { PlatformTables } from "#server/db/tables/platform.ts";
import type { PushTables } from "#server/db/tables/push.ts";
import type { ResultsTables } from "#server/db/tables/results.ts";
import type { ShowDayTables } from "#server/db/tables/show-day.ts";
import type { ShowsTables } from "#server/db/tables/shows.ts";
import type { WatchTables } from "#server/db/tables/watch.ts";

/**
 * Kysely's view of the whole data model (DESIGN.md): every table by name, gathered from the subjects
 * in tables/. Columns are snake_case; dates are yyyy-mm-dd text, instants ISO-8601 text in our tables;
 * better-auth's own tables keep the types it writes (Date on PostgreSQL, ISO text on SQLite). A new
 * table goes in its subject's file, in that file's map.
 */
export interface Database
  extends AccountsTables,
    PeopleTables,
    HorsesTables,
    ShowsTables,
    ShowDayTables,
    EntriesTables,
    NotificationsTables,
    PlatformTables,
    PushTables,
    ResultsTables,
    WatchTables {}

export type { Generated } from "kysely";
export type * from "#server/db/tables/accounts.ts";
export type * from "#server/db/tables/entries.ts";
export type * from "#server/db/tables/horses.ts";
export type * from "#server/db/tables/notifications.ts";
export type * from "#server/db/tables/people.ts";
export type * from "#server/db/tables/platform.ts";
export type * from "#server/db/tables/push.ts";
export type * from "#server/db/tables/results.ts";
export type * from "#server/db/tables/show-day.ts";
export type * from "#server/db/tables/shows.ts";
export type * from "#server/db/tables/watch.ts";
