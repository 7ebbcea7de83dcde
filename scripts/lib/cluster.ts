/**
 * A Ringside cluster on this machine (issue 26, ADR 021): nginx (Debian's package, run unprivileged
 * with its own prefix under `dir`) in front of several production app servers on one PostgreSQL
 * database. Used by `npm run cluster`, `npm run test:cluster` and the proxy tests.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";

export const NGINX = "/usr/sbin/nginx";
const SNIPPETS = resolve("deploy/nginx");

export interface ClusterOptions {
  /** How many app servers. */
  servers: number;
  /** Where nginx listens (127.0.0.1). */
  proxyPort: number;
  /** The first app server's port; the others follow. */
  appPort: number;
  databaseUrl: string;
  /** Holds nginx's prefix, temp and log files and each server's log. */
  dir: string;
  /** Settings for every app server on top of the cluster's own. */
  env?: Record<string, string>;
  /** How an app server is started: `node <args>`. */
  serverArgs: string[];
}

interface AppServer {
  port: number;
  process: ChildProcess | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether nginx and a PostgreSQL server are here; a reason when not. */
export async function clusterPrerequisites(databaseUrl: string): Promise<string | null> {
  if (!existsSync(NGINX)) return `nginx is not installed (${NGINX}); apt-get install -y nginx`;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return `no PostgreSQL answers at ${new URL(databaseUrl).host}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database on the server `adminUrl` names (and a function that drops it). */
export async function createDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** This process's limit on open files (Linux), soft and hard. */
export function openFileLimit(): { soft: number; hard: number } {
  const line = readFileSync("/proc/self/limits", "utf8").match(/^Max open files\s+(\S+)\s+(\S+)/m);
  const value = (s: string | undefined) => (s === undefined || s === "unlimited" ? Infinity : Number(s));
  return { soft: value(line?.[1]), hard: value(line?.[2]) };
}

/** The worker settings of the checked-in nginx.conf (deploy/nginx/nginx.conf), which a cluster runs with too. */
export interface NginxWorkers {
  processes: string;
  rlimitNofile: number;
  connections: number;
}

export function checkedInWorkers(text = readFileSync(join(SNIPPETS, "nginx.conf"), "utf8")): NginxWorkers {
  const value = (directive: string) => {
    const found = text.match(new RegExp(`^\\s*${directive}\\s+(\\S+);`, "m"));
    if (!found) throw new Error(`deploy/nginx/nginx.conf has no ${directive}`);
    return found[1]!;
  };
  return {
    processes: value("worker_processes"),
    rlimitNofile: Number(value("worker_rlimit_nofile")),
    connections: Number(value("worker_connections")),
  };
}

/**
 * The nginx.conf of a cluster: the checked-in worker settings and snippets around a generated upstream.
 * A worker may not open more files than the machine's hard limit (`openFiles`) allows an unprivileged
 * process, so worker_rlimit_nofile is lowered to it when it is less.
 */
export function nginxConfig(opts: {
  dir: string;
  proxyPort: number;
  appPorts: readonly number[];
  openFiles: number;
}): string {
  const workers = checkedInWorkers();
  const temp = (name: string) => `${name}_temp_path ${join(opts.dir, "temp", name)};`;
  return `# Written by scripts/lib/cluster.ts: deploy/nginx's settings around this cluster's servers.
worker_processes ${workers.processes};
worker_rlimit_nofile ${Math.min(workers.rlimitNofile, opts.openFiles)};
daemon off;
pid ${join(opts.dir, "nginx.pid")};
error_log ${join(opts.dir, "nginx-error.log")} warn;
events { worker_connections ${workers.connections}; }
http {
    ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n    ")}
    include ${join(SNIPPETS, "ringside-http.conf")};
    upstream ringside {
        ${opts.appPorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join("\n        ")}
        include ${join(SNIPPETS, "ringside-upstream.conf")};
    }
    server {
        listen 127.0.0.1:${opts.proxyPort};
        server_name localhost;
        access_log ${join(opts.dir, "nginx-access.log")} ringside;
        include ${join(SNIPPETS, "ringside-locations.conf")};
    }
}
`;
}

/** Runs nginx as `nobody` when we are root: it needs no privilege on its high port. */
function asUnprivileged(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ["/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", command, ...args]];
}

function chownTree(path: string): void {
  if (process.getuid?.() !== 0) return;
  chownSync(path, 65534, 65534);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry));
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx in front of `appPorts` with the cluster's configuration, in its own prefix `dir`. */
export async function startNginx(opts: {
  dir: string;
  proxyPort: number;
  appPorts: readonly number[];
}): Promise<Nginx> {
  mkdirSync(join(opts.dir, "temp"), { recursive: true });
  const file = join(opts.dir, "nginx.conf");
  const openFiles = openFileLimit().hard;
  const workers = checkedInWorkers();
  if (openFiles < workers.rlimitNofile) {
    console.warn(
      `nginx: this machine lets a process open ${openFiles} files (ulimit -Hn), not the ${workers.rlimitNofile} deploy/nginx/nginx.conf gives each worker: each worker holds at most ${openFiles} connections, about ${Math.floor(openFiles / 2)} live streams.`,
    );
  }
  writeFileSync(file, nginxConfig({ ...opts, openFiles }));
  chownTree(opts.dir);
  const test = spawnSync(...asUnprivileged(NGINX, ["-t", "-q", "-p", opts.dir, "-c", file]), {
    encoding: "utf8",
  });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const [command, args] = asUnprivileged(NGINX, ["-p", opts.dir, "-c", file]);
  const nginx = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${opts.proxyPort}`;
  const stop = async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    const exited = new Promise((done) => nginx.once("exit", done));
    nginx.kill("SIGQUIT");
    await exited;
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    // Any answer will do: nginx is up even when no app server is.
    if (
      await fetch(`${url}/metrics`).then(
        () => true,
        () => false,
      )
    )
      return { url, stop };
    await sleep(50);
  }
  await stop();
  throw new Error("nginx did not answer");
}

export class Cluster {
  readonly url: string;
  readonly servers: AppServer[];
  private nginx: Nginx | null = null;
  private readonly authSecret = randomBytes(32).toString("base64url");

  constructor(readonly opts: ClusterOptions) {
    this.url = `http://127.0.0.1:${opts.proxyPort}`;
    this.servers = Array.from({ length: opts.servers }, (_, i) => ({
      port: opts.appPort + i,
      process: null,
    }));
  }

  serverUrl(i: number): string {
    return `http://127.0.0.1:${this.servers[i]!.port}`;
  }

  /** What every app server shares: the database, the secret, the public address, trust in nginx. */
  serverEnv(i: number): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(this.servers[i]!.port),
      HOST: "127.0.0.1",
      DATABASE_URL: this.opts.databaseUrl,
      AUTH_SECRET: this.authSecret,
      PUBLIC_URL: this.url,
      TRUST_PROXY: "127.0.0.1",
      METRICS_ALLOW: "127.0.0.1",
      DATA_DIR: join(this.opts.dir, `server-${i + 1}`),
      LOG_LEVEL: "info",
      ...this.opts.env,
    };
  }

  async start(): Promise<void> {
    mkdirSync(join(this.opts.dir, "temp"), { recursive: true });
    // Migrations take a lock, so the servers may all start at once (ADR 021).
    await Promise.all(this.servers.map((_, i) => this.startServer(i)));
    await this.startNginx();
  }

  async startServer(i: number): Promise<void> {
    const server = this.servers[i]!;
    const running = server.process && server.process.exitCode === null && server.process.signalCode === null;
    if (running) throw new Error(`server ${i + 1} is running`);
    const log = createWriteStream(join(this.opts.dir, `server-${i + 1}.log`), { flags: "a" });
    const child = spawn(process.execPath, this.opts.serverArgs, {
      env: this.serverEnv(i),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    server.process = child;
    await this.waitReady(i, child);
  }

  private async waitReady(i: number, child: ChildProcess): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(
          `server ${i + 1} exited with ${child.exitCode}; see ${this.opts.dir}/server-${i + 1}.log`,
        );
      }
      const ready = await fetch(`${this.serverUrl(i)}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    throw new Error(`server ${i + 1} did not become ready`);
  }

  /** Sends `signal` to server i and waits for it to exit; resolves with its exit code. */
  async signal(i: number, signal: NodeJS.Signals): Promise<number | null> {
    const child = this.servers[i]!.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill(signal);
    return exited;
  }

  private async startNginx(): Promise<void> {
    this.nginx = await startNginx({
      dir: this.opts.dir,
      proxyPort: this.opts.proxyPort,
      appPorts: this.servers.map((s) => s.port),
    });
  }

  /** Stops nginx and every server (SIGTERM, as an orchestrator would). */
  async stop(): Promise<void> {
    await Promise.all(this.servers.map((_, i) => this.signal(i, "SIGTERM")));
    await this.nginx?.stop();
  }
}
