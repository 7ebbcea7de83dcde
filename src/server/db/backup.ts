import { existsSync, mkdirSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import type SQLite from "better-sqlite3";

/**
 * Online backups of the embedded database (issue 26 item 4, ADR 021), for `npm run db:backup` and
 * `npm run db:restore`. A backup is SQLite's own online backup (better-sqlite3's `backup`), taken
 * from its own connection while the server keeps running: one consistent snapshot, holding every
 * change committed before it began. PostgreSQL is backed up with pg_dump (docs/deploy.md).
 */

const require = createRequire(import.meta.url);
const Database = () => require("better-sqlite3") as typeof SQLite;

export class BackupError extends Error {
  override name = "BackupError";
}

/** The folder itself when it does not exist yet: its nearest existing parent, symlinks resolved. */
function real(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(real(parent), basename(absolute));
}

const inside = (path: string, folder: string) => {
  const rel = relative(real(folder), real(path));
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
};

/** `ringside-2026-11-27T10-15-00Z.sqlite` in `DATA_DIR/backups`. */
export function defaultBackupFile(dataDir: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(":", "-");
  return join(dataDir, "backups", `ringside-${stamp}Z.sqlite`);
}

/** Pages copied per step: all of them, so the copy is one read of one snapshot and never restarts. */
const ALL_PAGES = 1 << 30;

/**
 * Copies the live database `file` to `destination` (written as `.partial`, renamed when complete, so a
 * file under the final name is always a whole backup). Refuses a destination inside a served folder
 * (the built client: anyone could download it) or on the database's own files.
 */
export async function backupSqlite(opts: {
  file: string;
  destination: string;
  servedDirs: readonly string[];
}): Promise<{ destination: string; bytes: number }> {
  const destination = resolve(opts.destination);
  for (const served of opts.servedDirs) {
    if (inside(destination, served)) {
      throw new BackupError(`A backup must not be written inside the served folder ${served}.`);
    }
  }
  if ([opts.file, `${opts.file}-wal`, `${opts.file}-shm`].some((f) => real(f) === real(destination))) {
    throw new BackupError("A backup must not overwrite the database it copies.");
  }
  if (!existsSync(opts.file)) throw new BackupError(`There is no database at ${opts.file}.`);
  if (existsSync(destination)) throw new BackupError(`${destination} already exists.`);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const source = new (Database())(opts.file, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  renameSync(partial, destination);
  return { destination, bytes: statSync(destination).size };
}

/** Whether some connection (a running server, its checkpointer) has the database open. */
function inUse(file: string): boolean {
  const probe = new (Database())(file, { fileMustExist: true, timeout: 0 });
  try {
    // In WAL mode every open connection holds a shared lock on the index, so exclusive mode is
    // refused while any other connection exists.
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("begin exclusive; commit");
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}

/** A backup that opens, passes SQLite's integrity check and holds Ringside's schema. */
function checkBackup(backup: string): void {
  if (!existsSync(backup)) throw new BackupError(`There is no backup at ${backup}.`);
  let db: SQLite.Database;
  try {
    db = new (Database())(backup, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${backup} is not a SQLite database: ${(error as Error).message}`);
  }
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupError(`${backup} is damaged: ${String(check)}`);
    const migrated = db.prepare("select 1 from sqlite_schema where name = 'kysely_migration'").get();
    if (!migrated) throw new BackupError(`${backup} is not a Ringside database.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${backup} cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database `file`, with the server stopped (refused while anything has
 * the database open). The current database is kept beside it as `.before-restore-<time>`.
 */
export async function restoreSqlite(opts: {
  backup: string;
  file: string;
  now: Date;
}): Promise<{ keptAs: string | null }> {
  const backup = resolve(opts.backup);
  checkBackup(backup);
  if (real(backup) === real(opts.file)) throw new BackupError("That is the database itself, not a backup.");
  let keptAs: string | null = null;
  if (existsSync(opts.file)) {
    if (inUse(opts.file)) {
      throw new BackupError("The database is open (is the server running?). Stop the server, then restore.");
    }
    // A clean close leaves no write-ahead log; opening once more settles one left by a crash.
    new (Database())(opts.file).close();
    keptAs = `${opts.file}.before-restore-${opts.now.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;
    renameSync(opts.file, keptAs);
  }
  mkdirSync(dirname(opts.file), { recursive: true });
  for (const suffix of ["-wal", "-shm"]) rmSync(`${opts.file}${suffix}`, { force: true });
  const restoring = `${opts.file}.restoring`;
  const source = new (Database())(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(restoring, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  renameSync(restoring, opts.file);
  return { keptAs };
}
