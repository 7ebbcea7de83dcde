import { sql } from "kysely";
import { opsTexts } from "#domain/texts/ops.ts";
import type { Db } from "#server/db/client.ts";
import { pendingMigrations } from "#server/db/migrate.ts";
import { forbidden } from "#server/platform/errors.ts";
import { canReadMetrics, type Metrics, type MetricsAccess } from "#server/platform/metrics.ts";

export interface Readiness {
  /** Set once shutdown begins: the proxy and orchestrator should stop sending work here. */
  draining: boolean;
  /** Once every migration this server knows has run, it stays so (migrations are never undone). */
  migrated: boolean;
}

export interface ReadinessAnswer {
  status: "ready" | "unavailable" | "draining";
  database: "ok" | "unreachable" | "unknown";
  migrations: "done" | "pending" | "unknown";
}

/** How long the database may take to answer `select 1` before the server counts as not ready. */
const DATABASE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether this server should get traffic, and why not. */
export async function checkReadiness(
  db: Db,
  state: Readiness,
  onError: (error: unknown) => void,
): Promise<ReadinessAnswer> {
  if (state.draining) return { status: "draining", database: "unknown", migrations: "unknown" };
  try {
    await withTimeout(sql`select 1`.execute(db.db), DATABASE_TIMEOUT_MS);
  } catch (error) {
    onError(error);
    return { status: "unavailable", database: "unreachable", migrations: "unknown" };
  }
  if (!state.migrated) {
    try {
      state.migrated = (await withTimeout(pendingMigrations(db), DATABASE_TIMEOUT_MS)).length === 0;
    } catch (error) {
      onError(error);
      return { status: "unavailable", database: "ok", migrations: "unknown" };
    }
  }
  return state.migrated
    ? { status: "ready", database: "ok", migrations: "done" }
    : { status: "unavailable", database: "ok", migrations: "pending" };
}

/** The Prometheus text, for a client the operator allowed (`canReadMetrics`); anyone else is refused. */
export async function readMetrics(
  deps: { metrics: Metrics | null; access: MetricsAccess },
  client: { address: string; authorization: string | undefined },
): Promise<{ contentType: string; body: string }> {
  if (!deps.metrics || !canReadMetrics(deps.access, client.address, client.authorization)) {
    throw forbidden(opsTexts.metricsRefused);
  }
  return deps.metrics.render();
}
