import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { buildHorse, type TestHorse } from "#tests/support/entries-factories.ts";
import { longestStall, STALL_CEILING_MS } from "#tests/support/event-loop.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { schedulePdf, writeSchedulePdf } from "./season.pdf.ts";

/**
 * The printed schedule's PDF is drawn on the event loop, and any signed-in person can fill a sheet
 * with their own entries: 1,500 classes × 4 horses held one request's whole server for 1.3–2.1 s (the
 * attacker probe of wave 3), and a 1,000-entry barn still 322 ms in round 3 (issue 31 item 4). The
 * sheet is now drawn in slices of the event loop and streamed to the client at its own pace.
 */

function bigSheet(lines: number): BarnSchedule {
  const line = (n: number) => ({
    number: String(n),
    className: `Class ${n} ${"Amateur Specialty Walking Horse ".repeat(4)}`,
    horse: `Horse ${n} ${"x".repeat(40)}`,
    rider: `Rider ${n}`,
    owner: `Owner ${n}, Another Owner`,
    time: "7:42 PM",
  });
  return {
    show: {
      id: "show-1",
      name: "Tennessee Walking Horse National Celebration",
      location: "Shelbyville, TN",
      startDate: "2026-08-20",
      endDate: "2026-08-29",
      url: "http://localhost:3000/shows/show-1",
    },
    scope: "barn",
    printedOn: "2026-08-01",
    days: [
      {
        date: "2026-08-20",
        sessions: [
          {
            name: "Thursday Evening",
            startTime: "19:00",
            ring: "Main Ring",
            lines: Array.from({ length: lines }, (_, i) => line(i + 1)),
          },
        ],
      },
    ],
    qrSvg: "",
  };
}

/** A writable that takes nothing until released: a phone that stopped reading. */
function stalledClient() {
  let received = 0;
  const held: (() => void)[] = [];
  let flowing = false;
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (flowing) done();
      else held.push(done);
    },
  });
  return {
    out,
    received: () => received,
    release() {
      flowing = true;
      for (const done of held.splice(0)) done();
    },
  };
}

describe("the printed schedule's PDF and the event loop", () => {
  it("gives the loop back while it draws a sheet of thousands of lines", async () => {
    await schedulePdf(bigSheet(10), { large: false, paper: "letter" });
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const pdf = await schedulePdf(bigSheet(3000), { large: false, paper: "letter" });
    clearInterval(timer);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(300_000);
    // Drawn in one piece, no timer could fire until the end (0 or 1 ticks); drawn in slices, often.
    expect(ticks).toBeGreaterThan(20);
  });

  it("stops drawing while the client takes nothing, and goes on when it reads again", async () => {
    const client = stalledClient();
    let finished = false;
    const drawing = writeSchedulePdf(bigSheet(3000), { large: false, paper: "letter" }, client.out).then(
      () => {
        finished = true;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A few pages at most wait for the client (the whole sheet is over 300 KB).
    expect(finished).toBe(false);
    expect(client.received()).toBeLessThan(100_000);
    client.release();
    await drawing;
    expect(client.received()).toBeGreaterThan(300_000);
  });

  it("stops drawing when the client goes away", async () => {
    const client = stalledClient();
    const drawing = writeSchedulePdf(bigSheet(3000), { large: false, paper: "letter" }, client.out);
    await new Promise((resolve) => setTimeout(resolve, 100));
    client.out.destroy();
    const { heldMs } = await longestStall(() => drawing);
    expect(heldMs).toBeLessThan(STALL_CEILING_MS);
    expect(client.received()).toBeLessThan(100_000);
  });
});

describe("GET /api/shows/:id/schedule.pdf of a 3,000-entry barn and the event loop", {
  timeout: 120_000,
}, () => {
  const CLASSES = 1000;
  const HORSES = 3;
  let t: TestApp;
  let trainer: TestUser & { cookie: string };
  let showId: string;

  beforeAll(async () => {
    t = await createTestApp({ validateResponses: false });
    const admin = await signedInAdmin(t.app);
    trainer = await signedInUser(t.app, { name: "Barn Trainer", roles: ["Owner", "Trainer"] });
    // Sessions, so every line carries its estimated time (with the zone's abbreviation).
    const run = await buildRunningShow(t.app, admin, { classes: CLASSES - 2 });
    showId = run.show.id;
    const horses: TestHorse[] = [];
    for (let h = 0; h < HORSES; h++) {
      horses.push(await buildHorse(t.app, { owners: [trainer.id], trainers: [trainer.id] }));
    }
    const entries = Array.from({ length: CLASSES * HORSES }, (_, i) => ({
      id: newId(),
      user_id: trainer.id,
      show_id: showId,
      class_id: `class-${Math.floor(i / HORSES) + 1}`,
      status: "ImShowing",
      horse_id: horses[i % HORSES]!.id,
      rider_id: null,
      placing: null,
      created_by: trainer.id,
      created_at: nowIso(),
    }));
    for (let i = 0; i < entries.length; i += 500) {
      await t.app.deps.db.db
        .insertInto("class_entry")
        .values(entries.slice(i, i + 500))
        .execute();
    }
  }, 120_000);
  afterAll(() => t.close());

  const pdf = () =>
    call(t.app, "GET", `/api/shows/${showId}/schedule.pdf?barn=${trainer.id}`, { cookie: trainer.cookie });

  it("is drawn and sent without holding the loop", async () => {
    // The first sheet loads the fonts.
    expect((await pdf()).statusCode).toBe(200);
    const { result, heldMs } = await longestStall(pdf);
    expect(result.statusCode).toBe(200);
    expect(result.headers["content-type"]).toBe("application/pdf");
    expect(result.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(result.rawPayload.subarray(-6).toString()).toContain("%%EOF");
    expect(heldMs).toBeLessThan(STALL_CEILING_MS);
  });
});
