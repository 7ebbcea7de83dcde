import type { Engine } from "./engines.ts";
import type { BenchSection } from "./report.ts";

/**
 * One benchmark: bench/run.ts runs every module in its list, once per database engine when
 * `perEngine` is set (with that engine's generated season), else once. A new benchmark is a new
 * module file plus one line in run.ts.
 */
export interface BenchModule {
  name: string;
  perEngine: boolean;
  /**
   * The module makes and keeps its own databases and never reads the generated season: a run of such
   * modules alone (BENCH_ONLY) generates no season.
   */
  ownData?: boolean;
  run(ctx: BenchContext): Promise<BenchSection>;
}

export interface BenchContext {
  /** The engine for a per-engine module; for the others, the SQLite season. */
  engine: Engine;
  /** A free port the module may start its server on. */
  port: number;
  /** The built client (vite build), for the modules that load pages. */
  clientDir: string;
}
