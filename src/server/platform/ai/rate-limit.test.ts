import { describe, expect, it } from "vitest";
import { createRateLimiter } from "#server/platform/ai/rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows `limit` calls per window per key, takes nothing on refusal, and starts over after the window", () => {
    let now = 1_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect(limiter.take("a", 2)).toBe(true);
    expect(limiter.take("a", 2)).toBe(false);
    expect(limiter.take("a", 1)).toBe(true);
    expect(limiter.take("a", 1)).toBe(false);
    expect(limiter.take("b", 3)).toBe(true);
    now += 59_999;
    expect(limiter.take("a", 1)).toBe(false);
    now += 1;
    expect(limiter.take("a", 3)).toBe(true);
    expect(limiter.take("a", 4)).toBe(false);
  });
});
