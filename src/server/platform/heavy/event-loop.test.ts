import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_LIMITS } from "#domain/contracts/admin.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { CALENDAR_ERRORS } from "#server/features/admin/calendar-files.ts";
import {
  eventsIn,
  foldedCalendarBomb,
  heavyCalendar,
  hugePagePdf,
  tallImageBomb,
} from "#tests/support/bombs.ts";
import { longestStall, STALL_CEILING_MS } from "#tests/support/event-loop.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";

/**
 * Issue 19 items 3–5, "done when": the server answers /api/health while each bomb is processed, the
 * event loop never held 100 ms. The app listens on a real port; while a request carries a bomb,
 * /api/health is asked every 25 ms over HTTP and the loop's widest gap between two turns is taken in its
 * own thread's CPU time (tests/support/event-loop.ts). Every file is read in a worker thread (ADR 017).
 * The health answers' wall times are not judged: on a loaded two-core machine the scheduler alone put
 * them at 117 ms in all three tries of a clean-clone run, beside a worker using the other core.
 */
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

/**
 * An upload of `bytes` as a file, its multipart body encoded now and sent by the function it gives. The test
 * and the server share this thread: encoding 2 MB inside the watched time counted the test's own work as
 * the server's (a run of the PostgreSQL suite read 110 ms held for the folded calendar, 20–40 ms alone).
 */
async function fileUpload(path: string, bytes: Buffer, filename: string): Promise<() => Promise<Response>> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Request(`${base}${path}`, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = { origin: TEST_ORIGIN, cookie, "content-type": encoded.headers.get("content-type") ?? "" };
  return () => fetch(`${base}${path}`, { method: "POST", headers, body });
}

const postFile = async (path: string, bytes: Buffer, filename: string) =>
  (await fileUpload(path, bytes, filename))();

/** Runs `work` while watching the event loop and pinging /api/health; gives the worst of each. */
async function whileWatching<T>(work: () => Promise<T>) {
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
  const { result, stallMs, heldMs } = await longestStall(work);
  watching = false;
  await pinger;
  return { result, stallMs, heldMs, slowestPingMs: Math.max(...pings), pings: pings.length };
}

async function expectAnswered(work: () => Promise<Response>, status: number, message: string) {
  const watched = await whileWatching(async () => {
    const res = await work();
    return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
  });
  expect(watched.result.status, JSON.stringify(watched.result.body)).toBe(status);
  expect(watched.result.body.error?.message).toBe(message);
  expect(watched.pings).toBeGreaterThan(0);
  expect(
    watched.heldMs,
    `loop held (CPU ms); wall: widest gap ${watched.stallMs.toFixed(0)} ms, slowest health ${watched.slowestPingMs.toFixed(0)} ms`,
  ).toBeLessThan(STALL_CEILING_MS);
}

describe("the event loop while bombs are read (issue 19 items 3–5)", () => {
  const bomb = foldedCalendarBomb();
  const events = eventsIn(bomb);
  served.set("/bomb.ics", bomb);

  it("a folded 2 MB calendar by file: refused by its unfolded count, the loop never held 100 ms", async () => {
    expect(bomb.length).toBeLessThanOrEqual(CALENDAR_LIMITS.fileBytes);
    expect(events).toBeGreaterThan(10_000);
    await expectAnswered(
      await fileUpload("/api/admin/calendar/preview", bomb, "season.ics"),
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

  it("a 1.7 MB calendar of 1,990 events that takes its parser a second: previewed, the loop never held 100 ms", async () => {
    const send = await fileUpload("/api/admin/calendar/preview", heavyCalendar(), "season.ics");
    const watched = await whileWatching(async () => {
      const res = await send();
      return { status: res.status, body: (await res.json()) as { newShows?: unknown[] } };
    });
    expect(watched.result.status).toBe(200);
    expect(watched.result.body.newShows).toHaveLength(1990);
    expect(watched.pings).toBeGreaterThan(0);
    expect(
      watched.heldMs,
      `loop held (CPU ms); wall: widest gap ${watched.stallMs.toFixed(0)} ms`,
    ).toBeLessThan(STALL_CEILING_MS);
  });

  it("a 1 KB PDF page 7,200 pt square: refused by its size, the loop never held 100 ms", async () => {
    await expectAnswered(
      await fileUpload("/api/admin/class-lists/extract", hugePagePdf(), "prize-list.pdf"),
      400,
      errorsTexts.imageProcessing(heavyInputsTexts.pageTooLarge(1, 100, 100)),
    );
  });

  it("a 1,700 × 47,000 px picture: refused by its size, the loop never held 100 ms", async () => {
    const picture = await tallImageBomb();
    await expectAnswered(
      await fileUpload("/api/admin/class-lists/extract", picture, "prize-list.png"),
      400,
      errorsTexts.imageProcessing(heavyInputsTexts.imageTooTall(1700, 47_000)),
    );
  });
});
