import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "#server/db/client.ts";
import { initialMigration } from "#server/db/migrations/001-initial.ts";
import { showDivisionsMigration } from "#server/db/migrations/002-show-divisions.ts";
import { consentMigration } from "#server/db/migrations/004-consent.ts";
import { recommendationsMigration } from "#server/db/migrations/006-recommendations.ts";

/** Migrations in order; each is a function of the engine so both databases get the same schema. */
function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        "001-initial": initialMigration(db.kind),
        "002-show-divisions": showDivisionsMigration(),
        "004-consent": consentMigration(),
        "006-recommendations": recommendationsMigration(),
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
