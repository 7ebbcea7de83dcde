import { describe, expect, it } from "vitest";
import { classStatusText } from "#domain/show-day/class-status-text.ts";
import { earlyStart } from "#domain/show-day/early-start.ts";
import { foldRing, type RingAction, type RingActionInput } from "#domain/show-day/ring.ts";
import {
  awayCounts,
  type ClassDayStatus,
  classDayStatus,
  estimateDay,
  estimateSession,
  observedMedian,
  statusTime,
} from "#domain/show-day/ring-estimates.ts";
import { effectiveSessions, type ScheduledClass } from "#domain/show-day/show-sessions.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const zone = "America/Chicago";
/** 7:00 PM CDT on 27 August 2026. */
const SEVEN = Date.parse("2026-08-28T00:00:00Z");
const MIN = 60_000;
const cls = (n: number): ScheduledClass => ({
  id: `c${n}`,
  number: String(n),
  name: `Class ${n}`,
  sessionId: "eve",
});
const [session] = effectiveSessions(
  { startDate: "2026-08-27", endDate: "2026-08-27" },
  [{ id: "eve", name: "Thursday Evening", date: "2026-08-27", startTime: "19:00", ring: "Main Ring" }],
  [cls(1), cls(2), cls(3), cls(4), cls(5)],
);

/** Actions at the given minutes after 7:00 PM. */
const at = (entries: [number, RingActionInput][]): RingAction[] =>
  entries.map(([minute, input], i) => ({
    ...input,
    seq: i + 1,
    at: SEVEN + minute * MIN,
    actorId: "s",
    undone: false,
  }));
const call = (n: number, before: number | null): RingActionInput => ({
  kind: "in-ring",
  sessionId: "eve",
  classId: `c${n}`,
  expectedInRing: before === null ? null : `c${before}`,
});
const start: RingActionInput = { kind: "start-session", sessionId: "eve" };

function estimates(actions: RingAction[], nowMinute: number) {
  const state = foldRing([session!], actions);
  const e = estimateSession({
    session: session!,
    state,
    minutesPerClass: 7,
    zone,
    now: SEVEN + nowMinute * MIN,
  });
  return {
    minutes: e.minutesPerClass,
    starts: Object.fromEntries([...e.starts].map(([id, t]) => [id, (t - SEVEN) / MIN])),
    away: Object.fromEntries(awayCounts(state, session!)),
    state,
    e,
  };
}

describe("estimated starts", () => {
  it.each<[string, [number, RingActionInput][], number, number, Record<string, number>]>([
    ["before the session: printed start + 7 per class", [], -60, 7, { c1: 0, c2: 7, c3: 14, c4: 21, c5: 28 }],
    [
      "running late +10 before it starts",
      [[-30, { kind: "late", sessionId: "eve", minutes: 10 }]],
      -60,
      7,
      { c1: 10, c2: 17, c3: 24, c4: 31, c5: 38 },
    ],
    ["past its printed start, not started: from now", [], 5, 7, { c1: 5, c2: 12, c3: 19, c4: 26, c5: 33 }],
    [
      "started, none in: from the start or now",
      [[2, start]],
      3,
      7,
      { c1: 3, c2: 10, c3: 17, c4: 24, c5: 31 },
    ],
    [
      "re-based on the real clock and the median of classes done",
      [
        [2, start],
        [2, call(1, null)],
        [12, call(2, 1)],
        [20, call(3, 2)],
      ],
      21,
      9,
      { c4: 29, c5: 38 },
    ],
    [
      "a class running long pushes the next to now",
      [
        [0, start],
        [0, call(1, null)],
        [7, call(2, 1)],
        [14, call(3, 2)],
      ],
      40,
      7,
      { c4: 40, c5: 47 },
    ],
    [
      "a delay announced while a class is in the ring counts",
      [
        [0, start],
        [0, call(1, null)],
        [7, call(2, 1)],
        [8, { kind: "late", sessionId: "eve", minutes: 10 }],
      ],
      8,
      7,
      { c3: 24, c4: 31, c5: 38 },
    ],
    [
      "a delay before the class in the ring went in is already in the clock",
      [
        [0, start],
        [0, call(1, null)],
        [3, { kind: "late", sessionId: "eve", minutes: 10 }],
        [17, call(2, 1)],
      ],
      17,
      17,
      { c3: 34, c4: 51, c5: 68 },
    ],
    [
      "scratched classes take no time",
      [[0, { kind: "scratch", sessionId: "eve", classId: "c2", reason: "No entries" }]],
      -60,
      7,
      { c1: 0, c3: 7, c4: 14, c5: 21 },
    ],
  ])("%s", (_, entries, now, minutes, starts) => {
    const result = estimates(at(entries), now);
    expect(result.minutes).toBe(minutes);
    expect(result.starts).toEqual(starts);
  });

  it("gives no times for a finished session or an untimed one not yet running", () => {
    expect(
      estimates(
        at([
          [0, start],
          [5, { kind: "finish-session", sessionId: "eve" }],
        ]),
        6,
      ).starts,
    ).toEqual({});
    const untimed = { ...session!, startTime: null };
    expect(
      estimateSession({
        session: untimed,
        state: foldRing([untimed], []),
        minutesPerClass: 7,
        zone,
        now: SEVEN,
      }).starts.size,
    ).toBe(0);
  });

  it("computes a 250-class session's estimates", () => {
    const many = effectiveSessions(
      { startDate: "2026-08-27", endDate: "2026-08-27" },
      [{ id: "eve", name: "Long", date: "2026-08-27", startTime: "08:00", ring: "Main Ring" }],
      Array.from({ length: 250 }, (_, i) => cls(i + 1)),
    )[0]!;
    const e = estimateSession({
      session: many,
      state: foldRing([many], []),
      minutesPerClass: 7,
      zone,
      now: 0,
    });
    expect(e.starts.size).toBe(250);
    expect((e.starts.get("c250")! - e.starts.get("c1")!) / MIN).toBe(249 * 7);
  });

  it("takes the median of an even count as the mean of the middle two", () => {
    const { state } = estimates(
      at([
        [0, start],
        [0, call(1, null)],
        [6, call(2, 1)],
        [16, call(3, 2)],
        [24, call(4, 3)],
        [40, call(5, 4)],
      ]),
      41,
    );
    expect(observedMedian(state, session!)).toBe(9);
  });
});

describe("what a class says on show day", () => {
  const result = estimates(
    at([
      [0, start],
      [0, call(1, null)],
      [7, call(2, 1)],
      [9, { kind: "scratch", sessionId: "eve", classId: "c4", reason: "No entries" }],
    ]),
    10,
  );
  it.each([
    ["c1", { kind: "done" }],
    ["c2", { kind: "in-ring", since: SEVEN + 7 * MIN }],
    ["c3", { kind: "up-next", at: SEVEN + 14 * MIN }],
    ["c4", { kind: "scratched", reason: "No entries" }],
    ["c5", { kind: "away", count: 2, at: SEVEN + 21 * MIN }],
  ])("%s", (id, status) => {
    expect(result.away).toEqual({ c2: 0, c3: 1, c5: 2 });
    expect(classDayStatus(id, result.state, awayCounts(result.state, session!), result.e)).toEqual(status);
  });

  it("before the session, an estimate only", () => {
    const before = estimates([], -30);
    expect(before.away).toEqual({});
    expect(classDayStatus("c2", before.state, new Map(), before.e)).toEqual({
      kind: "estimate",
      at: SEVEN + 7 * MIN,
    });
  });
});

/** The one estimate (issue 34): every screen and sheet reads a class's status and time from estimateDay. */
const t = showDayTexts.status;
const sessions = effectiveSessions(
  { startDate: "2026-08-27", endDate: "2026-08-28" },
  [
    { id: "eve", name: "Thursday Evening", date: "2026-08-27", startTime: "19:00", ring: "Main Ring" },
    { id: "sat", name: "Friday Morning", date: "2026-08-28", startTime: "08:00", ring: "Main Ring" },
  ],
  [...[1, 2, 3, 4, 5].map(cls), { ...cls(6), sessionId: "sat" }, { ...cls(7), sessionId: "sat" }],
);
const day = (actions: [number, RingActionInput][], nowMinute: number) =>
  estimateDay({
    sessions,
    state: foldRing(sessions, at(actions)),
    minutesPerClass: 7,
    zone,
    now: SEVEN + nowMinute * MIN,
  });

/** Friday 8:00 AM CDT. */
const FRIDAY_EIGHT = Date.parse("2026-08-28T13:00:00Z");

describe("one estimate for every class of the show", () => {
  const running = day(
    [
      [0, start],
      [0, call(1, null)],
      [7, call(2, 1)],
      [9, { kind: "scratch", sessionId: "eve", classId: "c4", reason: "No entries" }],
    ],
    10,
  );
  it.each<[string, ClassDayStatus, string | null]>([
    ["c1", { kind: "done" }, t.done],
    ["c2", { kind: "in-ring", since: SEVEN + 7 * MIN }, t.inRing],
    ["c3", { kind: "up-next", at: SEVEN + 14 * MIN }, `${t.upNext} · ≈ 7:14 PM CDT`],
    ["c4", { kind: "scratched", reason: "No entries" }, `${t.scratched}: No entries`],
    ["c5", { kind: "away", count: 2, at: SEVEN + 21 * MIN }, "2 classes away · ≈ 7:21 PM CDT"],
    // The next session, not started: its printed times.
    ["c6", { kind: "estimate", at: FRIDAY_EIGHT }, "≈ 8:00 AM CDT"],
    ["c7", { kind: "estimate", at: FRIDAY_EIGHT + 7 * MIN }, "≈ 8:07 AM CDT"],
    ["unknown", { kind: "none" }, null],
  ])("%s says the same on every screen", (id, status, words) => {
    expect(running.statusOf(id)).toEqual(status);
    expect(classStatusText(running.statusOf(id), zone)).toBe(words);
  });

  it("gives a scratched, done or in-ring class no time", () => {
    for (const id of ["c1", "c2", "c4"]) expect(statusTime(running.statusOf(id))).toBeNull();
    expect(statusTime(running.statusOf("c5"))).toBe(SEVEN + 21 * MIN);
  });

  it("keeps the session estimates the live bar reads", () => {
    expect(running.estimates.get("eve")?.starts.get("c3")).toBe(SEVEN + 14 * MIN);
    expect(running.estimates.get("sat")?.starts.get("c6")).toBe(FRIDAY_EIGHT);
  });

  it("gives the classes a Finish scratched no time", () => {
    const finished = day(
      [
        [0, start],
        [0, call(1, null)],
        [7, { kind: "finish-session", sessionId: "eve", unrun: "scratch" }],
      ],
      8,
    );
    expect(finished.statusOf("c1")).toEqual({ kind: "done" });
    expect(finished.statusOf("c3")).toEqual({ kind: "scratched", reason: showDayTexts.refusals.notRun });
    expect(statusTime(finished.statusOf("c3"))).toBeNull();
  });
});

describe("a session started early (issue 34)", () => {
  /** Started at 2:40 PM, 4 h 20 min before its printed 7:00 PM. */
  const startedAt = -260;
  const early = (confirmed: boolean) =>
    estimates(
      at([
        [startedAt, { kind: "start-session", sessionId: "eve", early: confirmed }],
        [startedAt, call(1, null)],
      ]),
      startedAt + 1,
    ).starts;

  it("keeps every estimate at or after the printed start unless the steward said it started early", () => {
    expect(early(false)).toEqual({ c2: 0, c3: 7, c4: 14, c5: 21 });
    expect(early(true)).toEqual({
      c2: startedAt + 7,
      c3: startedAt + 14,
      c4: startedAt + 21,
      c5: startedAt + 28,
    });
  });

  it.each<[string, string, string | null, number, boolean]>([
    ["the day before", "2026-08-28", "08:00", SEVEN, true],
    ["more than 30 minutes before its time", "2026-08-27", "19:00", SEVEN - 31 * MIN, true],
    ["30 minutes before its time", "2026-08-27", "19:00", SEVEN - 30 * MIN, false],
    ["after its time", "2026-08-27", "19:00", SEVEN + 5 * MIN, false],
    ["on its day, untimed", "2026-08-27", null, SEVEN - 600 * MIN, false],
  ])("starting %s asks first: %s %s", (_, date, startTime, now, asks) => {
    expect(earlyStart({ date, startTime }, zone, now).early).toBe(asks);
  });

  it("says the printed day and time", () => {
    expect(earlyStart({ date: "2026-08-28", startTime: "08:00" }, zone, SEVEN).printed).toBe(
      "Friday, August 28 · 8:00 AM",
    );
  });
});
