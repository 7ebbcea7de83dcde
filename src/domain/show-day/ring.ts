import type { EffectiveSession, ScheduledClass } from "#domain/show-day/show-sessions.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

/**
 * Ring control's rules (issue 21), pure: the ring's state is the fold of the steward actions the
 * server accepted, in the order it numbered them (`seq`). An action names what the steward saw
 * (the class in the ring, the action it undoes), so one made on an old picture of the ring — a second
 * steward acted first, or it waited offline — is refused as stale rather than applied to a ring that
 * has moved on. Undo takes back the latest action still in effect; doing the same again is a new action.
 */

/** The longest scratch reason, in characters. */
export const MAX_REASON = 200;

/** How many of the newest actions a ring view lists. */
export const ACTION_LOG_SIZE = 20;

/** What becomes of a session's classes not run when it finishes (issue 34): scratched, or moved to the next session. */
export type UnrunChoice = "scratch" | "move";

export type RingActionInput =
  | { kind: "start-session"; sessionId: string; early?: boolean | undefined }
  | { kind: "finish-session"; sessionId: string; unrun?: UnrunChoice | undefined }
  | { kind: "in-ring"; sessionId: string; classId: string; expectedInRing: string | null }
  | { kind: "done"; sessionId: string; classId: string }
  | { kind: "scratch"; sessionId: string; classId: string; reason: string }
  | { kind: "late"; sessionId: string; minutes: number }
  | { kind: "undo"; undoSeq: number };

/** An accepted action as stored: its number, when (epoch ms, the server's clock), who, and whether undone. */
export type RingAction = RingActionInput & { seq: number; at: number; actorId: string; undone: boolean };

export type ClassStatus = "waiting" | "in-ring" | "done" | "scratched";
export type SessionStatus = "scheduled" | "running" | "finished";

export interface ClassLive {
  status: ClassStatus;
  startedAt: number | null;
  endedAt: number | null;
  reason: string | null;
}

export interface SessionLive {
  status: SessionStatus;
  startedAt: number | null;
  finishedAt: number | null;
  /** Started early, as the steward confirmed (issue 34): estimates may then come before the printed start. */
  early?: boolean;
}

export interface Delay {
  at: number;
  minutes: number;
}

/** Only what has moved is listed: a class or session absent here is waiting / scheduled. */
export interface RingState {
  sessions: Record<string, SessionLive>;
  classes: Record<string, ClassLive>;
  delays: Record<string, Delay[]>;
}

export const emptyRing = (): RingState => ({ sessions: {}, classes: {}, delays: {} });
export const WAITING: ClassLive = { status: "waiting", startedAt: null, endedAt: null, reason: null };
export const SCHEDULED: SessionLive = { status: "scheduled", startedAt: null, finishedAt: null };

export const classLive = (state: RingState, classId: string): ClassLive => state.classes[classId] ?? WAITING;
export const sessionLive = (state: RingState, sessionId: string): SessionLive =>
  state.sessions[sessionId] ?? SCHEDULED;

/** The minutes a steward said the session runs late, all told ("Running late +10 min"). */
export const lateMinutesOf = (state: RingState, sessionId: string): number =>
  (state.delays[sessionId] ?? []).reduce((sum, d) => sum + d.minutes, 0);

/** The class of `session` in the ring, if any. */
export function inRingOf(state: RingState, session: EffectiveSession): ScheduledClass | null {
  return session.classes.find((c) => classLive(state, c.id).status === "in-ring") ?? null;
}

/** Whether an action takes effect (it is not an undo, and no undo took it back). */
const effective = (a: RingAction) => a.kind !== "undo" && !a.undone;

/** A session's classes still waiting (neither in the ring, done nor scratched). */
export const unrunClasses = (state: RingState, session: EffectiveSession): ScheduledClass[] =>
  session.classes.filter((c) => classLive(state, c.id).status === "waiting");

const sameRing = (a: EffectiveSession, b: EffectiveSession) =>
  a.ring.trim().toLowerCase() === b.ring.trim().toLowerCase();

/** Where a Finish moves unrun classes: the next session in the same ring, in running order, not finished. */
export function nextSessionOf(
  sessions: readonly EffectiveSession[],
  state: RingState,
  session: EffectiveSession,
): EffectiveSession | null {
  const after = sessions.slice(sessions.findIndex((s) => s.id === session.id) + 1);
  return (
    after.find(
      (s) => !s.implicit && sameRing(s, session) && sessionLive(state, s.id).status !== "finished",
    ) ?? null
  );
}

/** The latest action still in effect: what Undo would take back. */
export function lastEffective(actions: readonly RingAction[]): RingAction | null {
  for (let i = actions.length - 1; i >= 0; i--) {
    const a = actions[i]!;
    if (effective(a)) return a;
  }
  return null;
}

function apply(state: RingState, sessions: ReadonlyMap<string, EffectiveSession>, a: RingAction): void {
  if (a.kind === "undo") return;
  const session = sessions.get(a.sessionId);
  switch (a.kind) {
    case "start-session":
      state.sessions[a.sessionId] = {
        status: "running",
        startedAt: a.at,
        finishedAt: null,
        ...(a.early ? { early: true } : {}),
      };
      return;
    case "finish-session": {
      const current = session ? inRingOf(state, session) : null;
      if (current)
        state.classes[current.id] = { ...classLive(state, current.id), status: "done", endedAt: a.at };
      // Moved classes left the session on the server (their session changed); scratched ones stay, scratched.
      if (session && a.unrun === "scratch")
        for (const c of unrunClasses(state, session))
          state.classes[c.id] = { status: "scratched", startedAt: null, endedAt: null, reason: r.notRun };
      state.sessions[a.sessionId] = {
        ...sessionLive(state, a.sessionId),
        status: "finished",
        finishedAt: a.at,
      };
      return;
    }
    case "in-ring": {
      const current = session ? inRingOf(state, session) : null;
      if (current)
        state.classes[current.id] = { ...classLive(state, current.id), status: "done", endedAt: a.at };
      state.classes[a.classId] = { status: "in-ring", startedAt: a.at, endedAt: null, reason: null };
      return;
    }
    case "done":
      state.classes[a.classId] = { ...classLive(state, a.classId), status: "done", endedAt: a.at };
      return;
    case "scratch":
      state.classes[a.classId] = { status: "scratched", startedAt: null, endedAt: null, reason: a.reason };
      return;
    case "late":
      state.delays[a.sessionId] = [...(state.delays[a.sessionId] ?? []), { at: a.at, minutes: a.minutes }];
      return;
  }
}

/**
 * The ring after one more action (not an Undo), without its number: what a steward's screen shows while
 * the action waits to be sent. The server's answer replaces it.
 */
export function applyInput(
  sessions: readonly EffectiveSession[],
  state: RingState,
  input: Exclude<RingActionInput, { kind: "undo" }>,
  at: number,
): RingState {
  const next: RingState = {
    sessions: { ...state.sessions },
    classes: { ...state.classes },
    delays: { ...state.delays },
  };
  apply(next, new Map(sessions.map((s) => [s.id, s])), { ...input, seq: 0, at, actorId: "", undone: false });
  return next;
}

/** The ring after every action still in effect, in the server's order. */
export function foldRing(sessions: readonly EffectiveSession[], actions: readonly RingAction[]): RingState {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const state = emptyRing();
  for (const a of [...actions].sort((x, y) => x.seq - y.seq)) if (effective(a)) apply(state, byId, a);
  return state;
}

export type RingCheck = { ok: true } | { ok: false; status: 404 | 409; message: string };

const refuse = (status: 404 | 409, message: string): RingCheck => ({ ok: false, status, message });
const r = showDayTexts.refusals;

function sessionName(session: EffectiveSession): string {
  return session.name || session.date;
}

function classRefusal(cls: ScheduledClass, live: ClassLive): RingCheck {
  if (live.status === "in-ring") return refuse(409, r.classInRing(cls.number));
  if (live.status === "done") return refuse(409, r.classDone(cls.number));
  return refuse(409, r.classScratched(cls.number));
}

/** In words, for the action log and refusals: "Class 33 in the ring". */
export function describeAction(
  a: RingActionInput,
  sessions: readonly EffectiveSession[],
  actions: readonly RingAction[] = [],
): string {
  const t = showDayTexts.actions;
  if (a.kind === "undo") {
    const target = actions.find((x) => x.seq === a.undoSeq);
    return t.undo(target ? describeAction(target, sessions, actions) : `#${a.undoSeq}`);
  }
  const session = sessions.find((s) => s.id === a.sessionId);
  const number = (id: string) => session?.classes.find((c) => c.id === id)?.number ?? id;
  switch (a.kind) {
    case "start-session":
      return t["start-session"](session ? sessionName(session) : a.sessionId);
    case "finish-session":
      return t["finish-session"](session ? sessionName(session) : a.sessionId);
    case "in-ring":
      return t["in-ring"](number(a.classId));
    case "done":
      return t.done(number(a.classId));
    case "scratch":
      return t.scratch(number(a.classId), a.reason);
    case "late":
      return t.late(a.minutes);
  }
}

/**
 * Whether the ring accepts `input` now: 404 for a session or class that is not there, 409 for an action
 * the ring has moved past (with the reason in words). `actions` are every action so far (for Undo).
 */
export function checkRingAction(
  sessions: readonly EffectiveSession[],
  state: RingState,
  actions: readonly RingAction[],
  input: RingActionInput,
): RingCheck {
  if (input.kind === "undo") {
    const last = lastEffective(actions);
    if (!last) return refuse(409, r.nothingToUndo);
    if (last.seq !== input.undoSeq) return refuse(409, r.undoStale(describeAction(last, sessions, actions)));
    return { ok: true };
  }
  const session = sessions.find((s) => s.id === input.sessionId);
  if (!session) return refuse(404, r.unknownSession);
  const live = sessionLive(state, session.id);
  const name = sessionName(session);
  if (input.kind === "start-session") {
    if (live.status === "running") return refuse(409, r.alreadyRunning(name));
    if (live.status === "finished") return refuse(409, r.finished(name));
    const other = sessions.find(
      (s) => s.id !== session.id && sameRing(s, session) && sessionLive(state, s.id).status === "running",
    );
    return other ? refuse(409, r.otherRunning(sessionName(other))) : { ok: true };
  }
  if (input.kind === "finish-session") {
    if (live.status !== "running") return refuse(409, r.notRunning(name));
    // Classes not run never stay waiting for ever: the steward says what becomes of them.
    const unrun = unrunClasses(state, session).filter((c) => c.id !== inRingOf(state, session)?.id);
    if (unrun.length > 0 && !input.unrun) return refuse(409, r.unrunChoice(unrun.length));
    if (unrun.length > 0 && input.unrun === "move" && !nextSessionOf(sessions, state, session))
      return refuse(409, r.noNextSession);
    return { ok: true };
  }
  if (input.kind === "late") {
    return live.status === "finished" ? refuse(409, r.finished(name)) : { ok: true };
  }
  const cls = session.classes.find((c) => c.id === input.classId);
  if (!cls) return refuse(404, r.unknownClass);
  const current = classLive(state, cls.id);
  if (input.kind === "scratch") {
    if (live.status === "finished") return refuse(409, r.finished(name));
    return current.status === "waiting" ? { ok: true } : classRefusal(cls, current);
  }
  if (live.status !== "running") return refuse(409, r.notRunning(name));
  if (input.kind === "done") {
    return current.status === "in-ring"
      ? { ok: true }
      : current.status === "waiting"
        ? refuse(409, r.classNotInRing(cls.number))
        : classRefusal(cls, current);
  }
  const inRing = inRingOf(state, session);
  if ((inRing?.id ?? null) !== input.expectedInRing) {
    return refuse(409, inRing ? r.inRingNow(inRing.number) : r.noneInRingNow);
  }
  return current.status === "waiting" ? { ok: true } : classRefusal(cls, current);
}

/**
 * The classes still to run, in the order they will go: the waiting classes after the last one that
 * went in (the one in the ring, or the last done), then any skipped earlier. Scratched classes take
 * no place.
 */
export function queueOf(state: RingState, session: EffectiveSession): ScheduledClass[] {
  let anchor = -1;
  let latest = -Infinity;
  session.classes.forEach((c, i) => {
    const started = classLive(state, c.id).startedAt;
    if (started !== null && started >= latest) {
      latest = started;
      anchor = i;
    }
  });
  const waiting = (c: ScheduledClass) => classLive(state, c.id).status === "waiting";
  return [
    ...session.classes.slice(anchor + 1).filter(waiting),
    ...session.classes.slice(0, anchor + 1).filter(waiting),
  ];
}

/** The next class a steward would call. */
export const nextToCall = (state: RingState, session: EffectiveSession): ScheduledClass | null =>
  queueOf(state, session)[0] ?? null;
