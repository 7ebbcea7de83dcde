import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type SQLite from "better-sqlite3";
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  type Transaction,
} from "kysely";
import type pg from "pg";
import type { DatabaseConfig } from "#server/config.ts";
import { BACKSTOP_PAGES, type Checkpointer, startCheckpointer } from "#server/db/checkpointer.ts";
import type { Database } from "#server/db/schema.ts";
import { createVersionMirror, type VersionMirror } from "#server/db/version-mirror.ts";

export type DbKind = "sqlite" | "postgres";

/** What a query runs on: the database, or a transaction of it. */
export type Queryable = Kysely<Database> | Transaction<Database>;

export interface Db {
  kind: DbKind;
  db: Kysely<Database>;
  /** The raw pool on PostgreSQL (LISTEN/NOTIFY needs its own connections); undefined on SQLite. */
  pgPool: pg.Pool | undefined;
  /** The cached responses' versions as last read (version-mirror.ts): read through until the app follows notices. */
  versions: VersionMirror;
  /** SQLite on a file: the worker that checkpoints its WAL (checkpointer.ts). */
  checkpointer?: Checkpointer | undefined;
  close(): Promise<void>;
}

// Only the configured engine's driver is loaded: the other one would only cost start-up time (ADR 011).
const require = createRequire(import.meta.url);

/** Opens the configured database. `:memory:` gives a private SQLite database (tests). */
export function openDatabase(config: DatabaseConfig): Db {
  if (config.kind === "postgres") {
    const { Pool } = require("pg") as typeof pg;
    const pool = new Pool({ connectionString: config.url, max: 10 });
    // An idle connection dropped by the server (restart, failover, admin) is replaced by the pool;
    // without a listener its error event would crash the process.
    pool.on("error", (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kind: "postgres", db, pgPool: pool, versions: createVersionMirror(), close: () => db.destroy() };
  }
  if (config.file !== ":memory:") mkdirSync(dirname(config.file), { recursive: true });
  const Database = require("better-sqlite3") as typeof SQLite;
  const sqlite = new Database(config.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  withoutStat4(sqlite);
  let checkpointer: Checkpointer | undefined;
  if (config.file !== ":memory:") {
    // Checkpoints run in a worker thread; the connection's own is only a backstop (checkpointer.ts).
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    checkpointer = startCheckpointer(config.file, require.resolve("better-sqlite3"), {
      onError: (message) => console.error(`SQLite checkpoints: ${message}`),
    });
  }
  const db = new Kysely<Database>({
    dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kind: "sqlite",
    db,
    pgPool: undefined,
    versions: createVersionMirror(),
    checkpointer,
    async close() {
      // The worker's connection first: the last connection to close checkpoints and removes the WAL.
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4. When a database holds sqlite_stat4 samples
 * (any ANALYZE writes them; the season generator runs one), SQLite plans a statement again on every
 * run whose bound values meet a sampled index, because each run binds its values afresh, and a
 * prepared statement saves nothing: on the bench season that planning was two thirds of an entry
 * save's class read. sqlite_stat1, which plans use all the same, stays.
 */
function withoutStat4(sqlite: SQLite.Database): void {
  if (!sqlite.prepare("select 1 from sqlite_schema where name = 'sqlite_stat4'").get()) return;
  // Dropping a table reloads the statistics the planner uses.
  sqlite.exec("drop table sqlite_stat4");
}

/**
 * SQLite runs schema changes inside transactions, but Kysely's SQLite adapter says it cannot, so its
 * migrator would apply each statement on its own and a failure would leave a migration half done.
 * Saying so makes the migrator run all pending migrations in one transaction, as on PostgreSQL
 * (ADR 021). The adapter's answer is used by the migrator only.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Prepared statements kept per SQL text; the app issues a few hundred distinct statements. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every statement afresh, and preparing costs more than running the
 * primary-key reads most requests make (a third of a cached roster's CPU in a profile). The app's
 * statements are a small fixed set (values are bound, not inlined), so they are prepared once and
 * reused; the single connection runs one statement at a time, so a cached statement is never in
 * use twice at once. A schema change re-prepares them inside SQLite.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
