import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_LIMITS } from "#domain/contracts/admin.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { CALENDAR_ERRORS } from "#server/features/admin/calendar-files.ts";
import { eventsIn, foldedCalendarBomb, hugePagePdf, tallImageBomb } from "#tests/support/bombs.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";

/**
 * Issue 19 items 3–5, "done when": the server answers /api/health within 100 ms while each bomb is
 * processed. The app listens on a real port; while a request carries a bomb, the event loop's delay is
 * sampled every 10 ms (perf_hooks) and /api/health is asked every 25 ms over HTTP. Every file is read in
 * a worker thread (ADR 017), so neither may ever wait 100 ms.
 */

const LIMIT_MS = 100;
let t: TestApp;
let base: string;
let cookie: string;
let fileServer: Server;
let fileBase: string;
const served = new Map<string, Buffer>();

beforeAll(async () => {
  // As in production, answers are not checked against their schemas (the suite's check costs main-thread
  // time of its own, which is not what this measures).
  t = await createTestApp({ importAllowPrivateUrls: true, validateResponses: false });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  cookie = (await signedInUser(t.app, { roles: ["Owner", "Admin"] })).cookie;
  fileServer = createServer((req, res) => {
    const body = served.get(req.url ?? "");
    if (body) res.writeHead(200, { "content-type": "text/calendar" }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fileServer.listen(0, "127.0.0.1", resolve));
  fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
  // Threads up and their code loaded, so what is measured is the bombs, not a cold start.
  await postFile(
    "/api/admin/calendar/preview",
    Buffer.from("name,start_date\nWarm-up,2026-01-01\n"),
    "a.csv",
  );
  await postFile("/api/admin/class-lists/extract", hugePagePdf(), "warm.pdf");
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => fileServer.close(resolve));
  await t.close();
});

function postFile(path: string, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), filename);
  return fetch(`${base}${path}`, { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

/** Runs `work` while watching the event loop and pinging /api/health; gives the worst of each. */
async function whileWatching<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const pings: number[] = [];
  let watching = true;
  const pinger = (async () => {
    while (watching) {
      const sent = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      pings.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  delay.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  delay.disable();
  watching = false;
  await pinger;
  return { result, ms, maxDelayMs: delay.max / 1e6, slowestPingMs: Math.max(...pings), pings: pings.length };
}

async function expectAnswered(work: () => Promise<Response>, status: number, message: string) {
  const watched = await whileWatching(async () => {
    const res = await work();
    return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
  });
  expect(watched.result.status, JSON.stringify(watched.result.body)).toBe(status);
  expect(watched.result.body.error?.message).toBe(message);
  expect(watched.pings).toBeGreaterThan(0);
  expect(watched.maxDelayMs, "event-loop delay").toBeLessThan(LIMIT_MS);
  expect(watched.slowestPingMs, "slowest /api/health").toBeLessThan(LIMIT_MS);
}

// Retried: on this shared two-core machine (load 12–13) another process can hold the CPU past 100 ms
// now and then, PostgreSQL's own process most often (health asks it). A bomb read on the event loop
// blocks it every time (seconds for each of these), so it fails every try.
describe("the event loop while bombs are read (issue 19 items 3–5)", { retry: 2 }, () => {
  const bomb = foldedCalendarBomb();
  const events = eventsIn(bomb);
  served.set("/bomb.ics", bomb);

  it("a folded 2 MB calendar by file: refused by its unfolded count, health within 100 ms", async () => {
    expect(bomb.length).toBeLessThanOrEqual(CALENDAR_LIMITS.fileBytes);
    expect(events).toBeGreaterThan(10_000);
    await expectAnswered(
      () => postFile("/api/admin/calendar/preview", bomb, "season.ics"),
      413,
      CALENDAR_ERRORS.tooMany(events),
    );
  });

  it("the same calendar by URL from a server on 127.0.0.1: the same", async () => {
    await expectAnswered(
      () =>
        fetch(`${base}/api/admin/calendar/preview-url`, {
          method: "POST",
          headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
          body: JSON.stringify({ url: `${fileBase}/bomb.ics` }),
        }),
      413,
      CALENDAR_ERRORS.tooMany(events),
    );
  });

  it("a 1 KB PDF page 7,200 pt square: refused by its size, health within 100 ms", async () => {
    await expectAnswered(
      () => postFile("/api/admin/class-lists/extract", hugePagePdf(), "prize-list.pdf"),
      400,
      errorsTexts.imageProcessing(heavyInputsTexts.pageTooLarge(1, 100, 100)),
    );
  });

  it("a 1,700 × 47,000 px picture: refused by its size, health within 100 ms", async () => {
    const picture = await tallImageBomb();
    await expectAnswered(
      () => postFile("/api/admin/class-lists/extract", picture, "prize-list.png"),
      400,
      errorsTexts.imageProcessing(heavyInputsTexts.imageTooTall(1700, 47_000)),
    );
  });
});
