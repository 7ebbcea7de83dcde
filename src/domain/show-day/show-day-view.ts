import type {
  ClassLiveView,
  RingLive,
  RingPatch,
  SessionLiveView,
  ShowDay,
} from "#domain/contracts/show-day.ts";
import { type RingState, SCHEDULED, WAITING } from "#domain/show-day/ring.ts";
import type { EffectiveSession, ScheduledClass } from "#domain/show-day/show-sessions.ts";

/**
 * The ring as it travels (ShowDay, RingLive, RingPatch) and as the rules read it (EffectiveSession,
 * RingState), both ways; shared by the server that sends it and the screens that show it.
 */

export function sessionsOfDay(day: Pick<ShowDay, "sessions" | "classes">): EffectiveSession[] {
  const classes = new Map(day.classes.map((c) => [c.id, c]));
  return day.sessions.map((s) => ({
    id: s.id,
    name: s.name,
    date: s.date,
    startTime: s.startTime,
    ring: s.ring,
    implicit: s.implicit,
    classes: s.classIds.flatMap((id): ScheduledClass[] => {
      const c = classes.get(id);
      return c ? [{ ...c, sessionId: s.implicit ? null : s.id }] : [];
    }),
  }));
}

export function ringStateOf(live: Pick<RingLive, "sessions" | "classes">): RingState {
  const state: RingState = { sessions: {}, classes: {}, delays: {} };
  for (const s of live.sessions) {
    state.sessions[s.id] = {
      status: s.status,
      startedAt: s.startedAt,
      finishedAt: s.finishedAt,
      ...(s.early ? { early: true } : {}),
    };
    if (s.delays.length) state.delays[s.id] = s.delays;
  }
  for (const c of live.classes) {
    state.classes[c.id] = { status: c.status, startedAt: c.startedAt, endedAt: c.endedAt, reason: c.reason };
  }
  return state;
}

const sessionView = (state: RingState, id: string): SessionLiveView => ({
  id,
  ...(state.sessions[id] ?? SCHEDULED),
  delays: state.delays[id] ?? [],
});
const classView = (state: RingState, id: string): ClassLiveView => ({
  id,
  ...(state.classes[id] ?? WAITING),
});

/** The moved sessions and classes of a state, as the ring view lists them. */
export function liveViews(state: RingState): Pick<RingLive, "sessions" | "classes"> {
  const sessionIds = new Set([...Object.keys(state.sessions), ...Object.keys(state.delays)]);
  return {
    sessions: [...sessionIds].map((id) => sessionView(state, id)),
    classes: Object.keys(state.classes).map((id) => classView(state, id)),
  };
}

/** What differs between two states: the sessions and classes as they are after. */
export function ringDiff(before: RingState, after: RingState): Pick<RingPatch, "sessions" | "classes"> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const sessionIds = new Set([
    ...Object.keys(before.sessions),
    ...Object.keys(after.sessions),
    ...Object.keys(before.delays),
    ...Object.keys(after.delays),
  ]);
  const classIds = new Set([...Object.keys(before.classes), ...Object.keys(after.classes)]);
  return {
    sessions: [...sessionIds]
      .filter((id) => !same(sessionView(before, id), sessionView(after, id)))
      .map((id) => sessionView(after, id)),
    classes: [...classIds]
      .filter((id) => !same(classView(before, id), classView(after, id)))
      .map((id) => classView(after, id)),
  };
}

/**
 * A day read from the server, put beside the day held: the ring never goes back. A read the server
 * answered before a tap whose patch the page has applied since (a poll, a refetch, racing the stream) keeps
 * the ring held, which is newer, with the rest as read (a patch never changes the schedule). For a signed-in
 * screen's ShowDay and a public page's WatchDay alike.
 */
export function keepNewerRing<D extends { ring: { seq: number } }>(held: D | undefined, read: D): D {
  return held && read.ring.seq < held.ring.seq ? { ...read, ring: held.ring } : read;
}

/**
 * The ring after a live patch, or null when the patch does not follow the ring held (an event was
 * missed): then the whole ring is fetched again.
 */
export function applyPatch(live: RingLive, patch: RingPatch, logSize: number): RingLive | null {
  if (patch.prevSeq !== live.seq) return patch.seq <= live.seq ? live : null;
  const sessions = new Map(live.sessions.map((s) => [s.id, s]));
  for (const s of patch.sessions) sessions.set(s.id, s);
  const classes = new Map(live.classes.map((c) => [c.id, c]));
  for (const c of patch.classes) classes.set(c.id, c);
  const actions = [
    patch.action,
    ...live.actions.map((a) => (a.seq === patch.undid ? { ...a, undone: true } : a)),
  ];
  return {
    seq: patch.seq,
    lastEffectiveSeq: patch.lastEffectiveSeq,
    sessions: [...sessions.values()],
    classes: [...classes.values()],
    actions: actions.slice(0, logSize),
  };
}
