import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * nginx's location for the live streams (deploy/nginx/ringside-locations.conf): unbuffered, and closed
 * only after three of the app's 25 s heartbeats are missed. Every stream route of the app must match it;
 * one that does not falls to `location /`, closed after 60 s of silence by its read timeout.
 */
const t = buildTestApp();

function streamLocation(): RegExp {
  const text = readFileSync(resolve("deploy/nginx/ringside-locations.conf"), "utf8");
  const found = text.match(/location ~ (\S+) \{\n\s*proxy_pass http:\/\/ringside;\n\s*proxy_buffering off;/);
  if (!found) throw new Error("ringside-locations.conf has no unbuffered regex location");
  return new RegExp(found[1]!);
}

describe("nginx's stream location", () => {
  it("takes every live stream the app serves (GET …/events), with any id in its path", () => {
    const location = streamLocation();
    const streams = t.app.registeredRoutes
      .filter((r) => r.methods.includes("GET") && r.url.endsWith("/events"))
      .map((r) => r.url.replace(/:[^/]+/g, "0190aaaa-0000-7000-8000-000000000000"));
    expect(streams).toEqual(
      expect.arrayContaining([
        "/api/events",
        "/api/shows/0190aaaa-0000-7000-8000-000000000000/board/events",
        "/api/watch/0190aaaa-0000-7000-8000-000000000000/events",
      ]),
    );
    expect(streams.filter((path) => !location.test(path))).toEqual([]);
    // And no ordinary route.
    expect(location.test("/api/shows/0190aaaa-0000-7000-8000-000000000000/board")).toBe(false);
    expect(location.test("/api/shows/0190aaaa-0000-7000-8000-000000000000/day")).toBe(false);
  });
});
