import { describe, expect, it, vi } from "vitest";

// Workbox's modules look at the service worker's `self` when they load.
vi.hoisted(() => Object.assign(globalThis, { self: globalThis }));
const { pageResponse } = await import("#client/sw-navigation.ts");

const page = (body: string) => new Response(body);
const answersAfter = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failing = () => Promise.reject(new TypeError("Failed to fetch"));

describe("a page load through the service worker", () => {
  it("is the network's answer when it comes in time: the server renders it for the person asking", async () => {
    const answer = await pageResponse(answersAfter(5, page("rendered")), async () => page("cached"), 200);
    expect(await answer.text()).toBe("rendered");
  });

  it("is the cached page when the network is too slow, or gone", async () => {
    expect(
      await (await pageResponse(answersAfter(500, page("rendered")), async () => page("cached"), 20)).text(),
    ).toBe("cached");
    expect(await (await pageResponse(failing(), async () => page("cached"), 200)).text()).toBe("cached");
  });

  it("waits for the network when nothing is cached yet", async () => {
    const answer = await pageResponse(answersAfter(60, page("rendered")), async () => undefined, 10);
    expect(await answer.text()).toBe("rendered");
  });
});
