/**
 * Cold start: from spawning the production server process (existing data, migrations already
 * applied) to the first healthy /api/health, five times. Budget: ≤ 1 s.
 */
import type { BenchModule } from "./lib/module.ts";
import { mark, ms, table } from "./lib/report.ts";
import { serverArgs, startBenchServer } from "./server.ts";

const STARTS = 5;
const BUDGET_MS = 1000;

export const startupBench: BenchModule = {
  name: "startup",
  perEngine: true,
  async run({ engine, port }) {
    const times: number[] = [];
    // The first start may apply a pending migration to the dataset; it is not a cold start on existing data.
    await (await startBenchServer({ port, dataDir: engine.dataDir, databaseUrl: engine.databaseUrl })).stop();
    for (let i = 0; i < STARTS; i++) {
      const server = await startBenchServer({
        port,
        dataDir: engine.dataDir,
        databaseUrl: engine.databaseUrl,
      });
      times.push(server.startMs);
      await server.stop();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(STARTS / 2)]!;
    const ok = median <= BUDGET_MS;
    return {
      title: `Cold start on ${engine.label}`,
      body: `\`node ${serverArgs().join(" ")}\`, spawn to first healthy /api/health, ${STARTS} starts.\n\n${table(
        ["median ms", "min ms", "max ms", "budget"],
        [[ms(median), ms(sorted[0]!), ms(sorted.at(-1)!), `≤ ${BUDGET_MS} ms ${mark(ok)}`]],
      )}`,
      budgets: [{ name: `${engine.label}: cold start`, ok, detail: `median ${ms(median)} ms` }],
    };
  },
};
