/**
 * Recreates the embedded database: deletes the SQLite file (and its WAL files) in DATA_DIR,
 * then migrates and, in demo mode, seeds it again. Refuses to touch PostgreSQL.
 */
import { rmSync } from "node:fs";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemo } from "#server/db/seed/demo.ts";

try {
  const config = loadConfig();
  if (config.database.kind !== "sqlite") {
    console.error("db:reset only recreates the embedded SQLite database; DATABASE_URL is set.");
    process.exit(1);
  }
  const { file } = config.database;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const seeded = config.demo ? await seedDemo(db) : false;
  await db.close();
  console.log(`Recreated ${file}${seeded ? " with the demo data" : ""}.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
