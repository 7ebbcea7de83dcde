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
      };
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Features land from parallel branches with pre-assigned numbers, so a database may meet a lower number late.
  const migrator = new Migrator({ db: db.db, provider: provider(db), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
