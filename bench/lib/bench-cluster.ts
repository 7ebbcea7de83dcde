import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { Cluster, clusterPrerequisites, createDatabase } from "../../scripts/lib/cluster.ts";
import { openFileShortfall } from "../../scripts/lib/crowd.ts";

/**
 * The cluster a crowd bench runs on (the crowd and watchers modules): nginx with deploy/nginx/'s settings
 * in front of three production servers (the build in dist/) on a fresh database on `pgUrl`'s server, its
 * files in data-bench/<name>. Refuses when nginx or PostgreSQL is missing, or this machine cannot open the
 * files `streams` live streams through one nginx worker need. `stop` stops it all and drops the database.
 */
export async function benchCluster(opts: { port: number; pgUrl: string; name: string; streams: number }) {
  const admin = new URL(opts.pgUrl);
  admin.pathname = "/postgres";
  const missing = (await clusterPrerequisites(admin.toString())) ?? openFileShortfall(opts.streams);
  if (missing) throw new Error(`the ${opts.name} bench cannot run here: ${missing}`);
  const database = await createDatabase(admin.toString(), `bench_${opts.name}`);
  const dir = resolve(`data-bench/${opts.name}`);
  rmSync(dir, { recursive: true, force: true });
  const cluster = new Cluster({
    servers: 3,
    proxyPort: opts.port,
    appPort: opts.port + 1,
    databaseUrl: database.url,
    dir,
    serverArgs: ["dist/server/main.js"],
    env: { DEMO: "0", AUTH_RATE_LIMIT_MAX: "1000000", CLIENT_DIR: "/nonexistent", LOG_LEVEL: "warn" },
  });
  return {
    cluster,
    databaseUrl: database.url,
    dir,
    async stop() {
      await cluster.stop();
      await database.drop();
    },
  };
}
