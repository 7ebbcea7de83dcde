import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { longestStall, STALL_CEILING_MS } from "#tests/support/event-loop.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";
import { showDay } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

/**
 * Saving the schedule of a 1,000-class show (issue 31 item 4): each class row is written on its own,
 * and on SQLite every statement runs on the event loop, so a save held every other answer for 1.1–1.9 s
 * (the hostile probe of round 3). The save now gives the loop a turn between statements.
 */
const CLASSES = 1000;
const ENTRIES_PER_CLASS = 3;

let t: TestApp;
let admin: TestUser & { cookie: string };
let showId: string;

beforeAll(async () => {
  t = await createTestApp({ validateResponses: false });
  admin = await signedInUser(t.app, { roles: ["Admin", "Owner"] });
  const show = await buildShow(t.app, {
    startOffset: -1,
    days: 3,
    classes: Array.from({ length: CLASSES }, (_, i) => `Class ${i + 1} Amateur Walking Horses`),
  });
  showId = show.id;
  const horses = [];
  for (let i = 0; i < ENTRIES_PER_CLASS; i++) horses.push(await buildHorse(t.app, { owners: [admin.id] }));
  for (let c = 1; c <= CLASSES; c++) {
    for (const horse of horses) {
      await buildEntry(t.app, {
        userId: admin.id,
        showId,
        classId: `class-${c}`,
        status: "ImShowing",
        horseId: horse.id,
      });
    }
  }
}, 120_000);
afterAll(() => t.close());

/** Ten sessions of a hundred classes; `shift` moves every class to another place. */
function schedule(shift: number, fresh: boolean): ScheduleBody {
  return {
    timeZone: null,
    minutesPerClass: 7,
    sessions: Array.from({ length: 10 }, (_, s) => ({
      name: `Session ${s + 1}`,
      date: showDay(),
      startTime: `${String(8 + s).padStart(2, "0")}:00`,
      ring: "Main Ring",
      classes: Array.from({ length: CLASSES / 10 }, (_, i) => {
        const n = ((s * (CLASSES / 10) + i + shift * 37) % CLASSES) + 1;
        return fresh
          ? { number: String(n), name: `Class ${n} Youth Country Pleasure` }
          : { id: `class-${n}`, number: String(n), name: `Class ${n} Amateur Walking Horses` };
      }),
    })),
    unscheduled: [],
  };
}

const save = (body: ScheduleBody) =>
  call(t.app, "PUT", `/api/shows/${showId}/schedule`, { cookie: admin.cookie, body });

describe("saving the schedule of a 1,000-class show and the event loop", { timeout: 60_000 }, () => {
  it("gives the loop a turn while every class moves to another session", async () => {
    expect((await save(schedule(0, false))).statusCode).toBe(200);
    const { result, heldMs } = await longestStall(() => save(schedule(1, false)));
    expect(result.statusCode).toBe(200);
    const detail = result.json() as { classes: { id: string; sessionId: string | null }[] };
    expect(detail.classes).toHaveLength(CLASSES);
    expect(detail.classes.every((c) => c.sessionId !== null)).toBe(true);
    expect(heldMs).toBeLessThan(STALL_CEILING_MS);
  });

  it("gives the loop a turn while 1,000 classes with their entries go and 1,000 new ones come", async () => {
    const { result, heldMs } = await longestStall(() => save(schedule(2, true)));
    expect(result.statusCode).toBe(200);
    const detail = result.json() as { classes: { id: string; name: string }[] };
    expect(detail.classes).toHaveLength(CLASSES);
    expect(detail.classes.every((c) => c.name.endsWith("Youth Country Pleasure"))).toBe(true);
    expect(heldMs).toBeLessThan(STALL_CEILING_MS);
  });
});
