/**
 * `npm run bench`: generates a whole season into ./data-season once (1,500 shows, 250,000 classes),
 * then runs the query benchmark, the HTTP load benchmark and the season-plan benchmark on it. Pass
 * DATABASE_URL to measure PostgreSQL instead (the database must be empty the first time).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const dataDir = resolve(process.env.BENCH_DATA_DIR ?? "data-season");
const run = (script: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.env.DATABASE_URL && !existsSync(resolve(dataDir, "ringside.sqlite"))) {
  run("scripts/generate-season.ts", "--data-dir", dataDir);
}
run("bench/shows-queries-bench.ts", "--data-dir", dataDir);
run("bench/shows-bench.ts", "--data-dir", dataDir);
run("bench/recommendations-bench.ts", "--data-dir", dataDir);
run("bench/ocr-bench.ts");
