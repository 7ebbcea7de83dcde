import { createElement } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { retryFailedLoads, retryingLazy } from "#client/lib/retrying-lazy.ts";

const Hello = ({ name }: { name: string }) => createElement("p", null, `Hello ${name}`);

/** A load that fails the first `failures` times (a chunk the network did not deliver), counting calls. */
function flakyLoad(failures: number) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    if (calls.count <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return { default: Hello };
  };
  return { load, calls };
}

/** Renders on the server, waiting for lazy parts, as the page renderer does; answers the markup. */
async function render(node: ReturnType<typeof createElement>): Promise<string> {
  const { prelude } = await prerender(node, { onError: () => undefined });
  return new Response(prelude).text();
}

describe("retryingLazy", () => {
  it("loads once, shared between preload and render", async () => {
    const { load, calls } = flakyLoad(0);
    const Part = retryingLazy(load);
    await Part.preload();
    expect(await render(createElement(Part, { name: "Ringside" }))).toContain("Hello Ringside");
    expect(await render(createElement(Part, { name: "again" }))).toContain("Hello again");
    expect(calls.count).toBe(1);
  });

  it("keeps a failed load failed until retried, then loads again and renders", async () => {
    const { load, calls } = flakyLoad(1);
    const Part = retryingLazy(load);
    await expect(Part.preload()).rejects.toThrow(/dynamically imported module/);
    // Rendering without a retry fetches nothing (React.lazy's way): the same failure.
    await expect(render(createElement(Part, { name: "x" }))).rejects.toThrow(/dynamically imported module/);
    expect(calls.count).toBe(1);
    retryFailedLoads();
    expect(await render(createElement(Part, { name: "back" }))).toContain("Hello back");
    expect(calls.count).toBe(2);
    // Nothing failed since: a retry has nothing to do and the part stays loaded.
    retryFailedLoads();
    expect(await render(createElement(Part, { name: "still" }))).toContain("Hello still");
    expect(calls.count).toBe(2);
  });

  it("retries only the loads that failed, as often as they fail", async () => {
    const ok = flakyLoad(0);
    const flaky = flakyLoad(2);
    const Good = retryingLazy(ok.load);
    const Flaky = retryingLazy(flaky.load);
    await Good.preload();
    await expect(Flaky.preload()).rejects.toThrow();
    retryFailedLoads();
    await expect(Flaky.preload()).rejects.toThrow();
    retryFailedLoads();
    await expect(Flaky.preload()).resolves.toEqual({ default: Hello });
    expect(flaky.calls.count).toBe(3);
    expect(ok.calls.count).toBe(1);
  });
});
