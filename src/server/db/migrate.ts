import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "#server/db/client.ts";
import { initialMigration } from "#server/db/migrations/001-initial.ts";
import { showDivisionsMigration } from "#server/db/migrations/002-show-divisions.ts";
import { authHardeningMigration } from "#server/db/migrations/003-auth-hardening.ts";
import { consentMigration } from "#server/db/migrations/004-consent.ts";
import { adminMigration } from "#server/db/migrations/005-admin.ts";
import { recommendationsMigration } from "#server/db/migrations/006-recommendations.ts";
import { performanceMigration } from "#server/db/migrations/007-performance.ts";
import { offlineMigration } from "#server/db/migrations/009-offline.ts";
import { apiPerformanceMigration } from "#server/db/migrations/011-api-performance.ts";
import { securityRound2Migration } from "#server/db/migrations/012-security-round-2.ts";
import { showDayMigration } from "#server/db/migrations/013-show-day.ts";
import { pushMigration } from "#server/db/migrations/014-push.ts";
import { resultsMigration } from "#server/db/migrations/017-results.ts";
import { quieterNotificationsMigration } from "#server/db/migrations/018-quieter-notifications.ts";
import { notificationClassMigration } from "#server/db/migrations/021-notification-class.ts";
import { horseAliasMigration } from "#server/db/migrations/022-horse-alias.ts";
import { horseNameKeyMigration } from "#server/db/migrations/023-horse-name-key.ts";
import { standingPointsMigration } from "#server/db/migrations/024-standing-points.ts";
import { serverInstancesMigration } from "#server/db/migrations/029-server-instances.ts";
import { finishAndEarlyStartMigration } from "#server/db/migrations/030-finish-and-early-start.ts";
import { findablePeopleMigration } from "#server/db/migrations/031-findable-people.ts";
import { watchLinksMigration } from "#server/db/migrations/032-watch-links.ts";
import { publicRingBoardMigration } from "#server/db/migrations/033-public-ring-board.ts";
import { watchPushMigration } from "#server/db/migrations/034-watch-push.ts";
import { barnWatchLinksMigration } from "#server/db/migrations/036-barn-watch-links.ts";
import { standingOwnerMigration } from "#server/db/migrations/037-standing-owner.ts";
import { barnWatchPushMigration } from "#server/db/migrations/038-barn-watch-push.ts";
import { standingsVersionsMigration } from "#server/db/migrations/039-standings-versions.ts";
import { versionNoticesMigration } from "#server/db/migrations/040-version-notices.ts";

/** Migrations in order; each is a function of the engine so both databases get the same schema. */
function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        "001-initial": initialMigration(db.kind),
        "002-show-divisions": showDivisionsMigration(),
        "003-auth-hardening": authHardeningMigration(),
        "004-consent": consentMigration(),
        "005-admin": adminMigration(),
        "006-recommendations": recommendationsMigration(),
        "007-performance": performanceMigration(db.kind),
        "009-offline": offlineMigration(),
        "011-api-performance": apiPerformanceMigration(db.kind),
        "012-security-round-2": securityRound2Migration(),
        "013-show-day": showDayMigration(db.kind),
        "014-push": pushMigration(),
        "017-results": resultsMigration(),
        "018-quieter-notifications": quieterNotificationsMigration(),
        "021-notification-class": notificationClassMigration(),
        "022-horse-alias": horseAliasMigration(),
        "023-horse-name-key": horseNameKeyMigration(),
        "024-standing-points": standingPointsMigration(),
        "029-server-instances": serverInstancesMigration(),
        "030-finish-and-early-start": finishAndEarlyStartMigration(),
        "031-findable-people": findablePeopleMigration(),
        "032-watch-links": watchLinksMigration(),
        "033-public-ring-board": publicRingBoardMigration(),
        "034-watch-push": watchPushMigration(),
        "036-barn-watch-links": barnWatchLinksMigration(),
        "037-standing-owner": standingOwnerMigration(),
        "038-barn-watch-push": barnWatchPushMigration(db.kind),
        "039-standings-versions": standingsVersionsMigration(db.kind),
        "040-version-notices": versionNoticesMigration(db.kind),
      };
    },
  };
}

// Features land from parallel branches with pre-assigned numbers, so a database may meet a lower number late.
const migrator = (db: Db) =>
  new Migrator({ db: db.db, provider: provider(db), allowUnorderedMigrations: true });

/** Migrations this server knows that the database has not run (for readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/** Runs the migrations up to and including `name`: a test of a migration's backfill starts there. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migrator(db).migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed: ${String(error)}`);
}

/**
 * Brings the database up to date. Kysely runs every pending migration in one transaction on
 * PostgreSQL, under a session advisory lock, so servers starting together migrate once and a
 * failure leaves nothing half-applied; SQLite gets the same transaction from the dialect's adapter
 * (db/client.ts). ADR 021.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
