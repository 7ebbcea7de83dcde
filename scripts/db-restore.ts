/**
 * `npm run db:restore FILE`: puts a backup made by db:backup in place of the embedded database. Stop
 * the server first (refused while the database is open); the current database is kept beside it.
 * PostgreSQL is restored with pg_restore instead (docs/deploy.md).
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { BackupError, restoreSqlite } from "#server/db/backup.ts";

try {
  const backup = process.argv[2];
  if (!backup) {
    console.error("Usage: npm run db:restore FILE   (a backup made by npm run db:backup)");
    process.exit(1);
  }
  const config = loadConfig();
  if (config.database.kind !== "sqlite") {
    console.error(
      "db:restore replaces the embedded SQLite database; DATABASE_URL is set, so restore PostgreSQL with\n" +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ringside.dump   (see docs/deploy.md)',
    );
    process.exit(1);
  }
  const { keptAs } = await restoreSqlite({ backup, file: config.database.file, now: new Date() });
  console.log(
    `Restored ${config.database.file} from ${backup}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ""}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
}
