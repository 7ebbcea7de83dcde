import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RESULT_LIMITS, type ResultPreview } from "#domain/contracts/results.ts";
import { HorseIndex } from "#domain/results/horse-match.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";
import { signedInAdmin } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

let t: TestApp;
let cookie: string;
let showId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInAdmin(t.app)).cookie;
  showId = (await buildShow(t.app, { startDate: "2025-08-20", classes: [{ id: "c-1", name: "Lite Shod" }] }))
    .id;
  for (const name of ["Midnight Sun", "Gold Rush", "Blue Bayou"]) await buildHorse(t.app, { name });
});
afterAll(() => {
  vi.restoreAllMocks();
  return t.close();
});

describe("a long pasted preview", () => {
  it("lets other work run while its lines are still being matched", async () => {
    const original = HorseIndex.prototype.match;
    let matched = 0;
    let matchedWhenOthersRan: number | null = null;
    vi.spyOn(HorseIndex.prototype, "match").mockImplementation(function (this: HorseIndex, printed) {
      // Another request's turn, queued once matching has begun: it must not wait for the last line.
      if (matched === 0)
        setImmediate(() => {
          matchedWhenOthersRan = matched;
        });
      matched += 1;
      return original.call(this, printed);
    });
    const names = ["Midnite Sun", "Gold Rush", "Blu Bayou", "Nobody Known"];
    const text = Array.from(
      { length: RESULT_LIMITS.lines },
      (_, i) => `${i + 1} ${names[i % names.length]} — Jane Doe — Smith Farms`,
    ).join("\n");
    const res = await call(t.app, "POST", `/api/shows/${showId}/classes/c-1/results/preview`, {
      cookie,
      body: { format: "text", text, gapsIntended: false },
    });
    expect(res.statusCode).toBe(200);
    const body: ResultPreview = res.json();
    expect(body.lines).toHaveLength(RESULT_LIMITS.lines);
    expect(body.lines[1]?.match).toBe("exact");
    expect(matched).toBe(RESULT_LIMITS.lines);
    expect(matchedWhenOthersRan).not.toBeNull();
    expect(matchedWhenOthersRan).toBeLessThan(RESULT_LIMITS.lines);
  });
});
