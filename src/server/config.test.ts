import { mkdtempSync, readFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, demoWarning, loadConfig } from "#server/config.ts";

const dataDir = () => mkdtempSync(join(tmpdir(), "ringside-config-"));

describe("configuration", () => {
  it("defaults to demo mode on an embedded SQLite file, generating and keeping an auth secret", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, demo: true, publicUrl: "http://localhost:3000" });
    expect(config.database).toEqual({ kind: "sqlite", file: join(dir, "ringside.sqlite") });
    expect(readFileSync(join(dir, "auth-secret"), "utf8")).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it("lets the calendar import reach private addresses only when IMPORT_ALLOW_PRIVATE_URLS says so", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).importAllowPrivateUrls).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), IMPORT_ALLOW_PRIVATE_URLS: "1" }).importAllowPrivateUrls).toBe(
      true,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), IMPORT_ALLOW_PRIVATE_URLS: "maybe" })).toThrow(
      ConfigError,
    );
  });

  it("uses PostgreSQL and leaves demo mode off when DATABASE_URL is set", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://db/x",
      AUTH_SECRET: "s".repeat(32),
      DATA_DIR: dataDir(),
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://db/x" });
    expect(config.demo).toBe(false);
  });

  it.each([
    ["no PUBLIC_URL (http://localhost:$PORT)", {}, true],
    ["PUBLIC_URL on localhost", { PUBLIC_URL: "http://localhost:8080" }, true],
    ["PUBLIC_URL on 127.0.0.1", { PUBLIC_URL: "http://127.0.0.1:3000" }, true],
    ["PUBLIC_URL elsewhere in 127.0.0.0/8", { PUBLIC_URL: "http://127.8.9.10" }, true],
    ["PUBLIC_URL on ::1", { PUBLIC_URL: "http://[::1]:3000" }, true],
    ["a public PUBLIC_URL", { PUBLIC_URL: "https://club.example.com" }, false],
    ["a LAN PUBLIC_URL", { PUBLIC_URL: "http://192.168.1.20:3000" }, false],
    ["a name that only starts like localhost", { PUBLIC_URL: "http://localhost.example.com" }, false],
    ["a name that only starts like 127.", { PUBLIC_URL: "http://127.0.0.1.example.com" }, false],
    ["DATABASE_URL on localhost", { DATABASE_URL: "postgres://127.0.0.1/x" }, false],
  ])("demo mode by default with %s: %s", (_label, env, demo) => {
    const config = loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: "s".repeat(32), ...env });
    expect(config.demo).toBe(demo);
    expect(config.demoReachable).toBe(false);
  });

  it("turns demo mode on for a reachable server only when asked, and says it is reachable", () => {
    const on = loadConfig({ DATA_DIR: dataDir(), DEMO: "1", PUBLIC_URL: "https://club.example.com" });
    expect(on).toMatchObject({ demo: true, demoReachable: true });
    const local = loadConfig({ DATA_DIR: dataDir(), DEMO: "1" });
    expect(local).toMatchObject({ demo: true, demoReachable: false });
    const off = loadConfig({ DATA_DIR: dataDir(), DEMO: "0", AUTH_SECRET: "s".repeat(32) });
    expect(off).toMatchObject({ demo: false, demoReachable: false });
  });

  describe("where a demo listens (issue 19, item 1)", () => {
    it("binds a demo to 127.0.0.1 unless HOST is set, and anything else to every interface", () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe("127.0.0.1");
      expect(loadConfig({ DATA_DIR: dataDir(), DEMO: "1" }).host).toBe("127.0.0.1");
      const real = loadConfig({ DATA_DIR: dataDir(), DEMO: "0", AUTH_SECRET: "s".repeat(32) });
      expect(real.host).toBe("0.0.0.0");
      expect(loadConfig({ DATA_DIR: dataDir(), HOST: "::1" }).host).toBe("::1");
    });

    it.each(["0.0.0.0", "::", "192.0.2.2", "ringside.lan"])(
      "refuses to start a demo on HOST=%s unless DEMO=1 says it is meant",
      (host) => {
        expect(() => loadConfig({ DATA_DIR: dataDir(), HOST: host })).toThrow(ConfigError);
        expect(() => loadConfig({ DATA_DIR: dataDir(), HOST: host })).toThrow(/HOST: .*DEMO=1/);
        const meant = loadConfig({ DATA_DIR: dataDir(), HOST: host, DEMO: "1" });
        expect(meant).toMatchObject({ demo: true, demoReachable: true, host });
      },
    );

    it.each(["127.0.0.1", "1"])(
      "refuses a default demo behind a proxy (TRUST_PROXY=%s) unless DEMO=1 says it is meant, then shows the banner",
      (trust) => {
        expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: trust })).toThrow(
          /TRUST_PROXY: .*DEMO=1/,
        );
        const meant = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: trust, DEMO: "1" });
        expect(meant).toMatchObject({ demo: true, demoReachable: true, host: "127.0.0.1" });
        expect(demoWarning(meant)).toMatch(
          /^DEMO MODE on http:\/\/localhost:3000 \(behind a proxy\): anyone/,
        );
        expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "0" })).toMatchObject({ demoReachable: false });
      },
    );

    it.each(["127.0.0.1", "127.0.0.2", "::1", "localhost"])("keeps a demo on HOST=%s local", (host) => {
      expect(loadConfig({ DATA_DIR: dataDir(), HOST: host })).toMatchObject({
        demo: true,
        demoReachable: false,
      });
    });
  });

  it.each([
    [
      "demo mode on a reachable address",
      { DEMO: "1", PUBLIC_URL: "https://club.example.com" },
      /^DEMO MODE on https:\/\/club\.example\.com: anyone/,
    ],
    [
      "demo mode listening on every interface",
      { HOST: "0.0.0.0", DEMO: "1" },
      /^DEMO MODE on http:\/\/localhost:3000 \(listening on 0\.0\.0\.0\): anyone/,
    ],
    ["demo mode on this machine only", { HOST: "127.0.0.1" }, null],
    ["a default demo", {}, null],
    ["no demo mode", { DEMO: "0", AUTH_SECRET: "s".repeat(32) }, null],
  ])("warns at start for %s", (_label, env, warning) => {
    const message = demoWarning(loadConfig({ DATA_DIR: dataDir(), ...env }));
    if (warning) expect(message).toMatch(warning);
    else expect(message).toBeNull();
  });

  it("names the server host:port unless INSTANCE names it, and refuses a name that is not plain", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "3002" }).instance).toBe(`${hostname()}:3002`);
    expect(loadConfig({ DATA_DIR: dataDir(), INSTANCE: "app-2.eu:3001" }).instance).toBe("app-2.eu:3001");
    for (const bad of ["two words", "x".repeat(201), "a/b"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), INSTANCE: bad })).toThrow(/INSTANCE/);
    }
  });

  it("requires an AUTH_SECRET for a reachable server that is not in demo mode", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://club.example.com" })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it.each([
    [undefined, false],
    ["0", false],
    ["1", true],
    ["true", true],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, ::1", ["10.0.0.0/8", "::1"]],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    const env = value === undefined ? {} : { TRUST_PROXY: value };
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO: "1", ...env }).trustProxy).toEqual(expected);
  });

  it("serves metrics to nobody unless METRICS_ALLOW or METRICS_TOKEN names someone", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toEqual({ allow: [], token: undefined });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        METRICS_ALLOW: "127.0.0.1, 10.1.0.0/16",
        METRICS_TOKEN: "t".repeat(16),
      }).metrics,
    ).toEqual({ allow: ["127.0.0.1", "10.1.0.0/16"], token: "t".repeat(16) });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ METRICS_ALLOW: "prometheus.local" }, "METRICS_ALLOW"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ TRUST_PROXY: "everyone" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/8/1" }, "TRUST_PROXY"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DEMO: "maybe" }, "DEMO"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ DATABASE_URL: "postgres://db/x" }, "AUTH_SECRET"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ AI_BASE_URL: "not a url", AI_MODEL: "m" }, "AI_BASE_URL"],
    [{ AI_BASE_URL: "http://127.0.0.1:11434/v1" }, "AI_MODEL"],
    [{ AI_MODEL: "llama3" }, "AI_BASE_URL"],
    [{ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "m", AI_TIMEOUT_MS: "soon" }, "AI_TIMEOUT_MS"],
    [{ AI_RATE_LIMIT_PER_MINUTE: "0" }, "AI_RATE_LIMIT_PER_MINUTE"],
    [{ LIVE_STREAMS_PER_USER: "0" }, "LIVE_STREAMS_PER_USER"],
    [{ LIVE_STREAMS_PER_USER: "many" }, "LIVE_STREAMS_PER_USER"],
  ])("explains a bad setting %o", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(name));
  });

  it("allows each person LIVE_STREAMS_PER_USER live streams, 32 unless set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).liveStreamsPerUser).toBe(32);
    expect(loadConfig({ DATA_DIR: dataDir(), LIVE_STREAMS_PER_USER: "100000" }).liveStreamsPerUser).toBe(
      100_000,
    );
  });

  it("uses the rules engine unless AI_BASE_URL and AI_MODEL are both set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).ai).toEqual({ provider: "rules" });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        AI_BASE_URL: "http://127.0.0.1:11434/v1/",
        AI_MODEL: "llama3.2",
        AI_API_KEY: "sk-test",
        AI_TIMEOUT_MS: "5000",
      }).ai,
    ).toEqual({
      provider: "llm",
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama3.2",
      apiKey: "sk-test",
      timeoutMs: 5000,
      rateLimitPerMinute: 20,
    });
  });
});
