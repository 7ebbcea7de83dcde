/**
 * Runs the server suite again on PostgreSQL when TEST_DATABASE_URL points at one.
 * Each test file creates (and drops) its own database on that server.
 */
import { spawnSync } from "node:child_process";

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log(
    "TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite is not part of this run.",
  );
  process.exit(0);
}
// OCR never touches the database: its tests run once, in the SQLite run (the results upload's too:
// its permissions and matching are tested on both engines in results.preview.test.ts).
const OCR_TESTS = ["src/server/platform/ocr/**", "src/server/features/results/results-ocr.test.ts"];
const result = spawnSync(
  "npx",
  ["vitest", "run", "src/server", ...OCR_TESTS.flatMap((p) => ["--exclude", p])],
  {
    stdio: "inherit",
    env: { ...process.env, RINGSIDE_TEST_DB: "postgres" },
  },
);
process.exit(result.status ?? 1);
