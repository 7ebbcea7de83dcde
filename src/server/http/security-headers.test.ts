import Fastify from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "#server/http/security-headers.ts";

describe("security headers", () => {
  it("come from one Helmet middleware built at start-up, on every response", async () => {
    const app = Fastify();
    let builds = 0;
    securityHeaders(
      app,
      { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } },
      (options: HelmetOptions) => {
        builds += 1;
        return helmet(options);
      },
    );
    app.get("/x", async () => ({ ok: true }));
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: "GET", url: "/x" });
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    const missing = await app.inject({ method: "GET", url: "/nowhere" });
    expect(missing.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(builds).toBe(1);
    await app.close();
  });
});
