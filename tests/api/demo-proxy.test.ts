import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityTexts } from "#domain/texts/security.ts";
import { loadConfig } from "#server/config.ts";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts.ts";
import { postFrom } from "#tests/support/http-session.ts";
import { freePort } from "#tests/support/ports.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";
import { listen } from "#tests/support/sse.ts";
import { Cluster, NGINX, type Nginx, startNginx } from "../../scripts/lib/cluster.ts";

/**
 * Issue 31, item 3: behind nginx on the same machine, every connection the app sees comes from
 * loopback, so the demo gate (ADR 016) opened the admin's session to anyone who reached nginx. With
 * TRUST_PROXY naming nginx, the gate now judges the client nginx names in X-Forwarded-For, as the
 * rest of the app does. A real nginx (the cluster's configuration) stands in front of a demo server;
 * the client leaves from one of this machine's own non-loopback addresses, as demo-gate.test.ts does.
 */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === "IPv4")?.address;
const missing = !existsSync(NGINX)
  ? `nginx is not installed (${NGINX})`
  : !external
    ? "this machine has no non-loopback IPv4 address to call from"
    : null;
if (missing) console.warn(`tests/api/demo-proxy.test.ts does not run here: ${missing}`);

let t: TestApp;
let dir: string;
let nginx: Nginx;
let proxyPort: number;

beforeAll(async () => {
  if (missing) return;
  dir = mkdtempSync(join(tmpdir(), "ringside-demo-proxy-"));
  t = await createTestApp({ demo: true, trustProxy: ["127.0.0.1"] });
  const appPort = Number(new URL(await listen(t.app)).port);
  proxyPort = await freePort();
  nginx = await startNginx({ dir, proxyPort, appPorts: [appPort] });
}, 60_000);

afterAll(async () => {
  if (missing) return;
  await nginx?.stop();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const FORGED = {
  origin: TEST_ORIGIN,
  "x-forwarded-for": "127.0.0.1",
  "x-real-ip": "127.0.0.1",
  forwarded: "for=127.0.0.1",
};

/** A POST through nginx, leaving this machine from `from`, with headers a client could forge to look local. */
const viaProxy = (from: string, path: string, body: unknown) =>
  postFrom({ host: "127.0.0.1", port: proxyPort }, from, path, body, FORGED);

describe.skipIf(missing !== null)("the demo gate behind nginx on this machine", () => {
  it("refuses the demo sign-in to a client on another address", async () => {
    const res = await viaProxy(external!, "/api/auth/demo/sign-in", {});
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.message).toBe(securityTexts.demoThisMachineOnly);
    expect(res.cookies.join(";")).not.toContain("session_token");
  });

  it("gives such a client no magic-link nonce, and the outbox refuses it one this machine was given", async () => {
    const email = DEMO_ACCOUNTS[0]!.email;
    const sent = await viaProxy(external!, "/api/auth/sign-in/magic-link", { email });
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toEqual({ status: true });
    const local = await viaProxy("127.0.0.1", "/api/auth/sign-in/magic-link", { email });
    const { demoNonce } = JSON.parse(local.body);
    expect(demoNonce).toEqual(expect.any(String));
    const taken = await viaProxy(external!, "/api/dev/outbox/magic-link", { nonce: demoNonce });
    expect(taken.status).toBe(403);
    expect(taken.body).not.toContain("token=");
    const mine = await viaProxy("127.0.0.1", "/api/dev/outbox/magic-link", { nonce: demoNonce });
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.body).url).toContain("token=");
  });

  it("still opens both to a client on this machine's loopback, through the proxy", async () => {
    const res = await viaProxy("127.0.0.1", "/api/auth/demo/sign-in", {});
    expect(res.status).toBe(200);
    expect(res.cookies.join(";")).toContain("session_token");
  });
});

describe("npm run cluster's demo", () => {
  it("shows the demo banner: its servers sit behind nginx (TRUST_PROXY), which others may reach", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ringside-cluster-env-"));
    try {
      const cluster = new Cluster({
        servers: 1,
        proxyPort: 8080,
        appPort: 3001,
        databaseUrl: "postgres://postgres@127.0.0.1:5432/ringside_cluster",
        dir: dataDir,
        serverArgs: [],
        env: { DEMO: "1" },
      });
      expect(loadConfig(cluster.serverEnv(0))).toMatchObject({ demo: true, demoReachable: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
