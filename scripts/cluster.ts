/**
 * `npm run cluster`: nginx in front of several Ringside servers on one PostgreSQL database, as a show
 * office or an association would host it (docs/deploy.md, ADR 021). Ctrl-C stops it all.
 *
 *   npm run cluster -- --servers 3 --port 8080 --app-port 3001 --database-url postgres://…
 *
 * Defaults: 3 servers on 3001–3003, nginx on 127.0.0.1:8080, the database `ringside_cluster` on
 * 127.0.0.1:5432 (created if missing; or DATABASE_URL), the demo data (`--empty` for none). Builds the
 * app first when there is no build. Installs Debian's nginx when it is missing and we are root.
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { Cluster, clusterPrerequisites, NGINX } from "./lib/cluster.ts";

const { values } = parseArgs({
  options: {
    servers: { type: "string", default: process.env.CLUSTER_SERVERS ?? "3" },
    port: { type: "string", default: process.env.CLUSTER_PORT ?? "8080" },
    "app-port": { type: "string", default: process.env.CLUSTER_APP_PORT ?? "3001" },
    "database-url": {
      type: "string",
      default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/ringside_cluster",
    },
    empty: { type: "boolean", default: false },
  },
});
const servers = Number(values.servers);
const proxyPort = Number(values.port);
const appPort = Number(values["app-port"]);
if (![servers, proxyPort, appPort].every((n) => Number.isInteger(n) && n > 0) || servers > 16) {
  console.error("--servers (1–16), --port and --app-port must be whole numbers");
  process.exit(1);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(NGINX)) {
  if (process.getuid?.() !== 0) {
    console.error("nginx is missing: sudo apt-get install -y nginx");
    process.exit(1);
  }
  console.log("Installing nginx from Debian's packages");
  // As .ci/run does: policy-rc.d keeps the package from starting a system nginx on port 80.
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const installed = [
    ["update", "-qq"],
    ["install", "-y", "-qq", "nginx"],
  ].every((args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0);
  if (ownPolicy) rmSync(policy, { force: true });
  if (!installed) process.exit(1);
}

// The database named in the URL is created when the server answers but it does not exist yet.
const databaseUrl = values["database-url"];
const target = new URL(databaseUrl);
const name = target.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`The database URL must name a plain database: ${name}`);
  process.exit(1);
}
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = "/postgres";
const missing = await clusterPrerequisites(adminUrl.toString());
if (missing) {
  console.error(missing);
  process.exit(1);
}
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
if (exists.rowCount === 0) await admin.query(`create database ${name}`);
await admin.end();

if (!existsSync("dist/server/main.js") || !existsSync("dist/client/index.html")) {
  console.log("No build yet: npm run build");
  run("npm", ["run", "build"]);
}

const cluster = new Cluster({
  servers,
  proxyPort,
  appPort,
  databaseUrl,
  dir: resolve("data/cluster"),
  serverArgs: ["dist/server/main.js"],
  env: values.empty ? { DEMO: "0" } : { DEMO: "1" },
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the servers (SIGTERM) and nginx …");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

await cluster.start().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await cluster.stop();
  process.exit(1);
});
console.log(
  `Ringside is serving ${cluster.url} through nginx, with ${servers} servers on one PostgreSQL database:`,
);
for (const [i, server] of cluster.servers.entries()) {
  const url = `http://127.0.0.1:${server.port}`;
  console.log(`  server ${i + 1}: ${url} (metrics: ${url}/metrics)`);
}
if (!values.empty) {
  console.log(
    "Demo mode, with its banner: anyone who reaches nginx can sign in with the demo password; the passwordless admin session answers this machine only (--empty for no demo).",
  );
}
console.log(`Logs in data/cluster/ (nginx-access.log, server-N.log). Ctrl-C stops everything.`);
