import { describe, expect, it } from "vitest";
import type { RingLive, RingPatch, ShowDay } from "#domain/contracts/show-day.ts";
import { foldRing, type RingAction } from "#domain/show-day/ring.ts";
import {
  applyPatch,
  keepNewerRing,
  liveViews,
  ringDiff,
  ringStateOf,
} from "#domain/show-day/show-day-view.ts";
import { effectiveSessions } from "#domain/show-day/show-sessions.ts";

const sessions = effectiveSessions(
  { startDate: "2026-08-27", endDate: "2026-08-27" },
  [{ id: "eve", name: "Evening", date: "2026-08-27", startTime: "19:00", ring: "Main Ring" }],
  ["c1", "c2", "c3"].map((id, i) => ({ id, number: String(i + 1), name: id, sessionId: "eve" })),
);
const act = (seq: number, a: Partial<RingAction>): RingAction =>
  ({ seq, at: seq * 1000, actorId: "s", undone: false, sessionId: "eve", ...a }) as RingAction;
const actions = [
  act(1, { kind: "start-session" }),
  act(2, { kind: "in-ring", classId: "c1", expectedInRing: null }),
  act(3, { kind: "in-ring", classId: "c2", expectedInRing: "c1" }),
];

describe("the ring on the wire", () => {
  it("lists only what moved and reads back to the same state", () => {
    const state = foldRing(sessions, actions);
    const views = liveViews(state);
    expect(views.classes.map((c) => [c.id, c.status])).toEqual([
      ["c1", "done"],
      ["c2", "in-ring"],
    ]);
    expect(ringStateOf(views)).toEqual(state);
  });

  it("a patch holds what one action changed, a class going back to waiting included", () => {
    const before = foldRing(sessions, actions);
    const after = foldRing(sessions, actions.slice(0, 2));
    expect(ringDiff(before, after)).toEqual({
      sessions: [],
      classes: [
        { id: "c1", status: "in-ring", startedAt: 2000, endedAt: null, reason: null },
        { id: "c2", status: "waiting", startedAt: null, endedAt: null, reason: null },
      ],
    });
  });

  const live: RingLive = {
    seq: 3,
    lastEffectiveSeq: 3,
    ...liveViews(foldRing(sessions, actions)),
    actions: [
      { seq: 3, kind: "in-ring", text: "Class 2 in the ring", actorName: "S", at: 3000, undone: false },
    ],
  };
  const patch = (prevSeq: number, seq: number): RingPatch => ({
    showId: "x",
    seq,
    prevSeq,
    lastEffectiveSeq: 2,
    sessions: [],
    classes: [{ id: "c2", status: "waiting", startedAt: null, endedAt: null, reason: null }],
    action: {
      seq,
      kind: "undo",
      text: "Undid: Class 2 in the ring",
      actorName: "S",
      at: 4000,
      undone: false,
    },
    undid: 3,
  });

  it.each([
    ["applies a patch that follows the ring held", 3, 4, "apply"],
    ["keeps the ring when the patch is one it already has", 2, 3, "keep"],
    ["asks for the whole ring when an event was missed", 5, 6, "refetch"],
  ] as const)("%s", (_, prev, seq, outcome) => {
    const next = applyPatch(live, patch(prev, seq), 20);
    if (outcome === "refetch") expect(next).toBeNull();
    if (outcome === "keep") expect(next).toBe(live);
    if (outcome === "apply") {
      expect(next?.seq).toBe(4);
      expect(next?.classes.find((c) => c.id === "c2")?.status).toBe("waiting");
      expect(next?.actions.map((a) => [a.seq, a.undone])).toEqual([
        [4, false],
        [3, true],
      ]);
    }
  });
});

describe("a day read beside the day held", () => {
  const dayAt = (showId: string, seq: number, judge: string): ShowDay =>
    ({
      showId,
      sessions: [{ id: "eve", judge }],
      ring: { seq, lastEffectiveSeq: seq, sessions: [], classes: [], actions: [] },
    }) as unknown as ShowDay;

  it.each([
    ["nothing held: the read", undefined, dayAt("s", 3, "read"), 3, "read"],
    ["a read as new as the ring held: the read", dayAt("s", 4, "held"), dayAt("s", 4, "read"), 4, "read"],
    ["a newer read: the read", dayAt("s", 4, "held"), dayAt("s", 6, "read"), 6, "read"],
    [
      "a read behind the ring held: its schedule with the ring held",
      dayAt("s", 5, "held"),
      dayAt("s", 4, "read"),
      5,
      "read",
    ],
  ] as const)("%s", (_, held, read, seq, schedule) => {
    const kept = keepNewerRing(held, read);
    expect(kept.ring.seq).toBe(seq);
    expect((kept.sessions[0] as unknown as { judge: string }).judge).toBe(schedule);
  });
});
