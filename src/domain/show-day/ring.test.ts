import { describe, expect, it } from "vitest";
import {
  applyInput,
  checkRingAction,
  classLive,
  describeAction,
  foldRing,
  lastEffective,
  nextSessionOf,
  nextToCall,
  queueOf,
  type RingAction,
  type RingActionInput,
  sessionLive,
  unrunClasses,
} from "#domain/show-day/ring.ts";
import { effectiveSessions, type ScheduledClass } from "#domain/show-day/show-sessions.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const r = showDayTexts.refusals;
const show = { startDate: "2026-08-27", endDate: "2026-08-27" };
const cls = (n: number, sessionId = "eve"): ScheduledClass => ({
  id: `cel-${n}`,
  number: String(n),
  name: `Class ${n}`,
  sessionId,
});
const sessions = effectiveSessions(
  show,
  [
    { id: "eve", name: "Thursday Evening", date: "2026-08-27", startTime: "19:00", ring: "Main Ring" },
    { id: "late", name: "Thursday Late", date: "2026-08-27", startTime: "22:00", ring: "Main Ring" },
    { id: "warm", name: "Warm-up Ring", date: "2026-08-27", startTime: "19:00", ring: "Warm-up" },
  ],
  [cls(31), cls(32), cls(33), cls(34), cls(35), cls(90, "late"), cls(91, "warm")],
);

/** Accepts each input in turn (a test fails if the rules refuse one), one minute apart. */
function run(inputs: RingActionInput[], before: RingAction[] = []): RingAction[] {
  const actions: RingAction[] = before;
  const start = before.length;
  inputs.forEach((input, i) => {
    const check = checkRingAction(sessions, foldRing(sessions, actions), actions, input);
    expect(check, JSON.stringify(input)).toEqual({ ok: true });
    if (input.kind === "undo") {
      const target = actions.find((a) => a.seq === input.undoSeq);
      if (target) target.undone = true;
    }
    actions.push({
      ...input,
      seq: start + i + 1,
      at: (start + i + 1) * 60_000,
      actorId: "u1",
      undone: false,
    });
  });
  return actions;
}

const start: RingActionInput = { kind: "start-session", sessionId: "eve" };
const call = (n: number, expectedInRing: number | null): RingActionInput => ({
  kind: "in-ring",
  sessionId: "eve",
  classId: `cel-${n}`,
  expectedInRing: expectedInRing === null ? null : `cel-${expectedInRing}`,
});

describe("folding steward actions", () => {
  it("puts the next class in the ring and the one before it done", () => {
    const state = foldRing(sessions, run([start, call(31, null), call(32, 31)]));
    expect(sessionLive(state, "eve")).toMatchObject({ status: "running", startedAt: 60_000 });
    expect(classLive(state, "cel-31")).toMatchObject({
      status: "done",
      startedAt: 120_000,
      endedAt: 180_000,
    });
    expect(classLive(state, "cel-32")).toMatchObject({ status: "in-ring", startedAt: 180_000 });
    expect(classLive(state, "cel-33").status).toBe("waiting");
  });

  it("scratches with a reason, skips scratched classes when calling the next, and finishes the session", () => {
    const actions = run([
      start,
      call(31, null),
      { kind: "scratch", sessionId: "eve", classId: "cel-32", reason: "No entries" },
      { kind: "done", sessionId: "eve", classId: "cel-31" },
      ...[33, 34, 35].map(
        (n): RingActionInput => ({ kind: "scratch", sessionId: "eve", classId: `cel-${n}`, reason: "Rain" }),
      ),
      { kind: "finish-session", sessionId: "eve" },
    ]);
    const state = foldRing(sessions, actions);
    expect(classLive(state, "cel-32")).toMatchObject({ status: "scratched", reason: "No entries" });
    expect(classLive(state, "cel-31").status).toBe("done");
    expect(sessionLive(state, "eve").status).toBe("finished");
  });

  it("undo takes back the latest action still in effect; doing it again is a new action", () => {
    const all = run([{ kind: "undo", undoSeq: 3 }], run([start, call(31, null), call(32, 31)]));
    const state = foldRing(sessions, all);
    expect(classLive(state, "cel-31").status).toBe("in-ring");
    expect(classLive(state, "cel-32").status).toBe("waiting");
    expect(lastEffective(all)?.seq).toBe(2);
    expect(describeAction(all[3]!, sessions, all)).toBe("Undid: Class 32 in the ring");
  });

  it("queues the classes still to run after the last one that went in, then any skipped", () => {
    const state = foldRing(sessions, run([start, call(33, null)]));
    expect(queueOf(state, sessions[0]!).map((c) => c.number)).toEqual(["34", "35", "31", "32"]);
    expect(nextToCall(state, sessions[0]!)?.number).toBe("34");
  });
});

describe("checkRingAction refuses what the ring has moved past", () => {
  const base = run([start, call(31, null), call(32, 31), call(33, 32)]);
  const state = foldRing(sessions, base);
  it.each<[string, RingActionInput, number, string]>([
    ["a stale '32 in the ring' after 33 started", call(32, 31), 409, r.inRingNow("33")],
    ["calling a class already done", call(31, 33), 409, r.classDone("31")],
    [
      "Done on a class not in the ring",
      { kind: "done", sessionId: "eve", classId: "cel-34" },
      409,
      r.classNotInRing("34"),
    ],
    [
      "Done on a class already done",
      { kind: "done", sessionId: "eve", classId: "cel-32" },
      409,
      r.classDone("32"),
    ],
    [
      "scratching the class in the ring",
      { kind: "scratch", sessionId: "eve", classId: "cel-33", reason: "x" },
      409,
      r.classInRing("33"),
    ],
    ["starting a running session", start, 409, r.alreadyRunning("Thursday Evening")],
    [
      "finishing with classes not run, without saying what becomes of them",
      { kind: "finish-session", sessionId: "eve" },
      409,
      r.unrunChoice(2),
    ],
    [
      "starting a second session in the same ring",
      { kind: "start-session", sessionId: "late" },
      409,
      r.otherRunning("Thursday Evening"),
    ],
    ["an undo of an older action", { kind: "undo", undoSeq: 3 }, 409, r.undoStale("Class 33 in the ring")],
    ["a session of another show", { kind: "start-session", sessionId: "nope" }, 404, r.unknownSession],
    [
      "a class of another session",
      { kind: "done", sessionId: "eve", classId: "cel-90" },
      404,
      r.unknownClass,
    ],
    [
      "calling a class in a session not started",
      { kind: "in-ring", sessionId: "late", classId: "cel-90", expectedInRing: null },
      409,
      r.notRunning("Thursday Late"),
    ],
  ])("%s", (_, input, status, message) => {
    expect(checkRingAction(sessions, state, base, input)).toEqual({ ok: false, status, message });
  });

  it.each<[string, RingActionInput]>([
    ["the next class", call(34, 33)],
    ["Done on the class in the ring", { kind: "done", sessionId: "eve", classId: "cel-33" }],
    ["a scratch ahead", { kind: "scratch", sessionId: "eve", classId: "cel-35", reason: "Judge ill" }],
    ["running late", { kind: "late", sessionId: "eve", minutes: 10 }],
    ["a session in another ring at the same time", { kind: "start-session", sessionId: "warm" }],
    ["undoing the latest", { kind: "undo", undoSeq: 4 }],
    [
      "finishing, scratching what has not run",
      { kind: "finish-session", sessionId: "eve", unrun: "scratch" },
    ],
    ["finishing, moving what has not run", { kind: "finish-session", sessionId: "eve", unrun: "move" }],
  ])("accepts %s", (_, input) => {
    expect(checkRingAction(sessions, state, base, input)).toEqual({ ok: true });
  });

  it("has nothing to undo on a fresh ring", () => {
    expect(checkRingAction(sessions, foldRing(sessions, []), [], { kind: "undo", undoSeq: 1 })).toEqual({
      ok: false,
      status: 409,
      message: r.nothingToUndo,
    });
  });
});

describe("finishing a session with classes not run (issue 34)", () => {
  const base = run([start, call(31, null), call(32, 31)]);
  it("scratches them with the reason, and Undo brings them back waiting", () => {
    const finished = run([{ kind: "finish-session", sessionId: "eve", unrun: "scratch" }], [...base]);
    const state = foldRing(sessions, finished);
    expect(sessionLive(state, "eve").status).toBe("finished");
    expect(classLive(state, "cel-32").status).toBe("done");
    for (const n of [33, 34, 35])
      expect(classLive(state, `cel-${n}`)).toMatchObject({ status: "scratched", reason: r.notRun });
    const undone = run([{ kind: "undo", undoSeq: 4 }], finished);
    const back = foldRing(sessions, undone);
    expect(sessionLive(back, "eve").status).toBe("running");
    expect(classLive(back, "cel-32").status).toBe("in-ring");
    expect(unrunClasses(back, sessions[0]!).map((c) => c.number)).toEqual(["33", "34", "35"]);
  });

  it("moves them to the next session not finished in running order, or refuses when there is none", () => {
    const state = foldRing(sessions, base);
    expect(nextSessionOf(sessions, state, sessions[0]!)?.id).toBe("late");
    const lateDone = run(
      [
        { kind: "finish-session", sessionId: "eve", unrun: "scratch" },
        { kind: "start-session", sessionId: "late" },
        { kind: "finish-session", sessionId: "late", unrun: "scratch" },
      ],
      [...base],
    );
    // Only the same ring's sessions take them: the Warm-up ring's is not where these classes run.
    expect(nextSessionOf(sessions, foldRing(sessions, lateDone), sessions[0]!)).toBeNull();
    expect(nextSessionOf(sessions, state, sessions.find((x) => x.id === "late")!)).toBeNull();
  });
});

describe("applyInput (a waiting action shown before the server answers)", () => {
  it("gives the state the server will fold, leaving the original untouched", () => {
    const actions = run([start, call(31, null)]);
    const state = foldRing(sessions, actions);
    const next = applyInput(sessions, state, call(32, 31) as Exclude<RingActionInput, { kind: "undo" }>, 999);
    expect(classLive(next, "cel-31").status).toBe("done");
    expect(classLive(next, "cel-32")).toMatchObject({ status: "in-ring", startedAt: 999 });
    expect(classLive(state, "cel-32").status).toBe("waiting");
    const served = foldRing(sessions, run([call(32, 31)], actions));
    expect(next.classes["cel-31"]?.status).toBe(served.classes["cel-31"]?.status);
  });
});
