import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkRingAction,
  classLive,
  foldRing,
  inRingOf,
  lastEffective,
  nextToCall,
  type RingAction,
  type RingActionInput,
} from "#domain/show-day/ring.ts";
import { alertKey, type DueAlert, dueAlerts, type Watcher } from "#domain/show-day/ring-alerts.ts";
import { awayCounts } from "#domain/show-day/ring-estimates.ts";
import { effectiveSessions, type ScheduledClass } from "#domain/show-day/show-sessions.ts";

const cls = (n: number): ScheduledClass => ({
  id: `c${n}`,
  number: String(n),
  name: `Class ${n}`,
  sessionId: "eve",
});
const sessions = effectiveSessions(
  { startDate: "2026-08-27", endDate: "2026-08-27" },
  [{ id: "eve", name: "Evening", date: "2026-08-27", startTime: "19:00", ring: "Main Ring" }],
  Array.from({ length: 8 }, (_, i) => cls(i + 1)),
);
const session = sessions[0]!;

/** A small ring server: checks, numbers and folds actions; sends what is due after each, as the service does. */
function simulate(inputs: RingActionInput[], watchers: Watcher[]) {
  const actions: RingAction[] = [];
  const sent = new Set<string>();
  const log: (DueAlert & { afterSeq: number; statusWhenSent: string })[] = [];
  for (const input of inputs) {
    const before = foldRing(sessions, actions);
    if (!checkRingAction(sessions, before, actions, input).ok) continue;
    if (input.kind === "undo") actions.find((a) => a.seq === input.undoSeq)!.undone = true;
    const seq = actions.length + 1;
    actions.push({ ...input, seq, at: seq * 60_000, actorId: "s", undone: false });
    const state = foldRing(sessions, actions);
    for (const alert of dueAlerts(state, awayCounts(state, session), watchers, sent)) {
      sent.add(alertKey(alert));
      log.push({ ...alert, afterSeq: seq, statusWhenSent: classLive(state, alert.classId).status });
    }
  }
  return { log, state: foldRing(sessions, actions) };
}

describe("dueAlerts", () => {
  const watchers: Watcher[] = [
    { userId: "ann", threshold: 3, classIds: ["c4"] },
    { userId: "bob", threshold: 0, classIds: ["c4"] },
    { userId: "cy", threshold: 1, classIds: ["c2", "c2"] },
  ];
  const step = (inputs: RingActionInput[]) =>
    simulate(inputs, watchers).log.map((a) => [a.afterSeq, a.userId, a.classId, a.kind, a.away]);
  const start: RingActionInput = { kind: "start-session", sessionId: "eve" };
  const call = (n: number, prev: number | null): RingActionInput => ({
    kind: "in-ring",
    sessionId: "eve",
    classId: `c${n}`,
    expectedInRing: prev === null ? null : `c${prev}`,
  });

  it.each<[string, RingActionInput[], unknown[]]>([
    ["nothing before the session runs", [{ kind: "late", sessionId: "eve", minutes: 10 }], []],
    ["nothing yet when the session starts with every watched class beyond N", [start], []],
    [
      "crossing N as the ring moves, then in the ring",
      [start, call(1, null), call(2, 1), call(3, 2), call(4, 3)],
      [
        [2, "ann", "c4", "away", 3],
        [2, "cy", "c2", "away", 1],
        [3, "cy", "c2", "ring", 0],
        [5, "ann", "c4", "ring", 0],
      ],
    ],
    [
      "a scratch that brings a class within N",
      [
        start,
        { kind: "scratch", sessionId: "eve", classId: "c2", reason: "x" },
        { kind: "scratch", sessionId: "eve", classId: "c3", reason: "x" },
      ],
      [[2, "ann", "c4", "away", 3]],
    ],
    [
      "nothing for a scratched class",
      [
        { kind: "scratch", sessionId: "eve", classId: "c4", reason: "Lame" },
        start,
        call(1, null),
        call(2, 1),
        call(3, 2),
      ],
      [
        [3, "cy", "c2", "away", 1],
        [4, "cy", "c2", "ring", 0],
      ],
    ],
    [
      "undo and redo send nothing twice",
      [start, call(1, null), call(2, 1), { kind: "undo", undoSeq: 3 }, call(2, 1)],
      [
        [2, "ann", "c4", "away", 3],
        [2, "cy", "c2", "away", 1],
        [3, "cy", "c2", "ring", 0],
      ],
    ],
  ])("%s", (_, inputs, expected) => {
    expect(step(inputs)).toEqual(expected);
  });
});

/** Random steward sessions: mostly sensible taps, some stale, some undos. */
const inputArb = (n: number): fc.Arbitrary<RingActionInput> =>
  fc.oneof(
    fc.constant<RingActionInput>({ kind: "start-session", sessionId: "eve" }),
    fc.record({ c: fc.integer({ min: 1, max: n }), p: fc.option(fc.integer({ min: 1, max: n })) }).map(
      ({ c, p }): RingActionInput => ({
        kind: "in-ring",
        sessionId: "eve",
        classId: `c${c}`,
        expectedInRing: p === null ? null : `c${p}`,
      }),
    ),
    fc.constant<RingActionInput>({
      kind: "in-ring",
      sessionId: "eve",
      classId: "next",
      expectedInRing: "current",
    }),
    fc
      .integer({ min: 1, max: n })
      .map((c): RingActionInput => ({ kind: "done", sessionId: "eve", classId: `c${c}` })),
    fc
      .integer({ min: 1, max: n })
      .map((c): RingActionInput => ({ kind: "scratch", sessionId: "eve", classId: `c${c}`, reason: "r" })),
    fc.constant<RingActionInput>({ kind: "undo", undoSeq: -1 }),
    fc.constant<RingActionInput>({ kind: "finish-session", sessionId: "eve" }),
  );

/** Resolves the placeholders ("next", undo of the latest) against the ring as it stands. */
function resolve(inputs: RingActionInput[]): RingActionInput[] {
  const actions: RingAction[] = [];
  const out: RingActionInput[] = [];
  for (let input of inputs) {
    const state = foldRing(sessions, actions);
    if (input.kind === "in-ring" && input.classId === "next") {
      const next = nextToCall(state, session);
      if (!next) continue;
      input = { ...input, classId: next.id, expectedInRing: inRingOf(state, session)?.id ?? null };
    }
    if (input.kind === "undo") input = { kind: "undo", undoSeq: lastEffective(actions)?.seq ?? 0 };
    out.push(input);
    if (!checkRingAction(sessions, state, actions, input).ok) continue;
    if (input.kind === "undo") actions.find((a) => a.seq === input.undoSeq)!.undone = true;
    actions.push({ ...input, seq: actions.length + 1, at: actions.length + 1, actorId: "s", undone: false });
  }
  return out;
}

describe("never notified twice (property)", () => {
  it("sends each person at most one 'away' and one 'in the ring' per class, none for a scratched class, no 'away' after 'in the ring'", () => {
    fc.assert(
      fc.property(
        fc.array(inputArb(8), { maxLength: 60 }),
        fc.array(
          fc.record({
            userId: fc.constantFrom("ann", "bob", "cy"),
            threshold: fc.integer({ min: 0, max: 5 }),
            classIds: fc.array(
              fc.integer({ min: 1, max: 8 }).map((c) => `c${c}`),
              { maxLength: 4 },
            ),
          }),
          { maxLength: 4 },
        ),
        (raw, watchers) => {
          const { log } = simulate(resolve(raw), watchers);
          const keys = log.map(alertKey);
          expect(new Set(keys).size).toBe(keys.length);
          for (const alert of log) {
            expect(alert.statusWhenSent).not.toBe("scratched");
            expect(alert.statusWhenSent).not.toBe("done");
            const threshold = Math.max(
              ...watchers
                .filter((w) => w.userId === alert.userId && w.classIds.includes(alert.classId))
                .map((w) => w.threshold),
            );
            expect(threshold).toBeGreaterThan(0);
            if (alert.kind === "away") {
              expect(alert.away).toBeLessThanOrEqual(threshold);
              const ring = log.findIndex(
                (a) => a.kind === "ring" && a.userId === alert.userId && a.classId === alert.classId,
              );
              expect(ring === -1 || ring > log.indexOf(alert)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
