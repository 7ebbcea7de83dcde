import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

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
    [{ PORT: "eighty" }, "PORT"],
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
  ])("explains a bad setting %o", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(name));
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
