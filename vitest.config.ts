import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const SERVER_TESTS = [
  "src/server/**/*.test.ts",
  "tests/api/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
const EVENT_LOOP_TESTS = ["**/*event-loop*.test.ts", "src/server/platform/fan-out.test.ts"];
/**
 * Files a run leaves out (scripts/test-pg.ts: those that touch no database), comma-separated. Not the CLI's
 * `--exclude`: a project's own `exclude` replaces it.
 */
const LEFT_OUT = (process.env.RINGSIDE_TEST_EXCLUDE ?? "").split(",").filter(Boolean);

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    // Vitest's default is one fewer than the cores: on CI's two, one file at a time. Server tests wait on
    // sockets, timers and the database much of the time, so one more file than cores keeps both busy.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { LOG_LEVEL: "silent" },
    projects: [
      {
        // Pure rules and client helpers hold no state between files: one process imports them all once,
        // instead of a fresh process per file (43 s of mostly importing became 12 s).
        extends: true,
        test: {
          name: "rules",
          include: ["src/domain/**/*.test.ts", "src/client/**/*.test.ts", "src/client/**/*.test.tsx"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          // Each file builds its own app on its own database and closes it, so files can share a process:
          // a fresh process per file imported the whole server again each time (19 files: 84 s of import
          // became 26 s, 75 s became 54 s on two cores).
          isolate: false,
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...EVENT_LOOP_TESTS, ...LEFT_OUT],
          globalSetup: ["tests/support/pg-template.setup.ts"],
        },
      },
      {
        // The tests that time the event loop keep a process each: in a shared one, the heap earlier files
        // left makes a garbage collection a pause of its own (health at 117 ms in all three tries).
        extends: true,
        test: {
          name: "event-loop",
          include: EVENT_LOOP_TESTS,
          exclude: [...configDefaults.exclude, ...LEFT_OUT],
          globalSetup: ["tests/support/pg-template.setup.ts"],
        },
      },
    ],
  },
});
