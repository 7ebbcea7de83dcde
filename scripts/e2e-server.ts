/**
 * Starts the production server for the Playwright suite on a fresh demo database,
 * so every run begins from the spec's sample data.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const dataDir = resolve(process.env.E2E_DATA_DIR ?? "test-results/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO = "1";
process.env.PORT ??= "4173";
process.env.PUBLIC_URL ??= `http://localhost:${process.env.PORT}`;
process.env.AUTH_RATE_LIMIT_MAX ??= "100000";
process.env.LOG_LEVEL ??= "warn";
// The push e2e's push service is a local stand-in on 127.0.0.1 over http (tests/support/push-service.ts).
process.env.PUSH_ALLOW_PRIVATE_ENDPOINTS ??= "1";
await import("#server/main.ts");
