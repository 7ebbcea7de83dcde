import { describe, expect, it } from "vitest";
import { resolveTo } from "#client/app/hash-router.tsx";

describe("resolveTo", () => {
  it.each([
    ["/roster", "/planner", "/roster"],
    ["?highlight=s1", "/planner", "/planner?highlight=s1"],
    ["?", "/planner", "/planner"],
    ["", "/planner", "/planner"],
    ["s1", "/shows/", "/shows/s1"],
    ["edit", "/horses/h1", "/horses/h1/edit"],
  ])("%j from %j → %j", (to, pathname, expected) => {
    expect(resolveTo(to, { pathname })).toBe(expected);
  });
});
