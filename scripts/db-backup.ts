/**
 * `npm run db:backup [FILE]`: an online backup of the embedded database while the server runs, into
 * FILE or DATA_DIR/backups/ringside-<time>.sqlite (never inside CLIENT_DIR or its -previous, the served folders). With
 * DATABASE_URL set, PostgreSQL is backed up with pg_dump instead (docs/deploy.md).
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { BackupError, backupSqlite, defaultBackupFile } from "#server/db/backup.ts";
import { previousClientDir } from "#server/http/previous-assets.ts";

try {
  const config = loadConfig();
  if (config.database.kind !== "sqlite") {
    console.error(
      "db:backup copies the embedded SQLite database; DATABASE_URL is set, so back PostgreSQL up with\n" +
        '  pg_dump --format=custom --file=ringside.dump "$DATABASE_URL"   (see docs/deploy.md, Backups)',
    );
    process.exit(1);
  }
  const started = performance.now();
  const { destination, bytes } = await backupSqlite({
    file: config.database.file,
    destination: process.argv[2] ?? defaultBackupFile(config.dataDir, new Date()),
    servedDirs: config.clientDir ? [config.clientDir, previousClientDir(config.clientDir)] : [],
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up ${config.database.file} to ${destination} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${seconds} s).`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
}
