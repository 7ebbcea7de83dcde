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
// its permissions and matching are tested on both engines in results.preview.test.ts; the show AI's
// readers likewise, whose routes store nothing).
const OCR_TESTS = [
  "src/server/platform/ocr/**",
  "src/server/features/results/results-ocr.test.ts",
  "src/server/features/show-ai/show-ai.extract.test.ts",
  "src/server/features/show-ai/extract-queue.test.ts",
];
// Nor do these: pure permission rules, configuration, the start-up script (it runs the demo on SQLite),
// worker threads, and helpers that build no app and open no database.
const NO_DATABASE_TESTS = [
  "src/server/**/*.policy.test.ts",
  "src/server/config.test.ts",
  "src/server/main.test.ts",
  "src/server/platform/heavy/heavy-pools.test.ts",
  "src/server/platform/push/**",
  "src/server/platform/ai/**",
  "src/server/platform/safe-fetch.test.ts",
  "src/server/http/security-headers.test.ts",
  "src/server/features/push/device-label.test.ts",
];
const result = spawnSync("npx", ["vitest", "run", "src/server"], {
  stdio: "inherit",
  // Through vitest.config.ts, not `--exclude`: the server projects' own excludes would replace it.
  env: {
    ...process.env,
    RINGSIDE_TEST_DB: "postgres",
    RINGSIDE_TEST_EXCLUDE: [...OCR_TESTS, ...NO_DATABASE_TESTS].join(","),
  },
});
process.exit(result.status ?? 1);
