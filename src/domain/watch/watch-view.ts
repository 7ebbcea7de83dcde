import type { RingLive, RingPatch, ShowDay } from "#domain/contracts/show-day.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { classStatusText } from "#domain/show-day/class-status-text.ts";
import { inRingOf, lateMinutesOf, sessionLive } from "#domain/show-day/ring.ts";
import { estimateDay } from "#domain/show-day/ring-estimates.ts";
import { ringStateOf, sessionsOfDay } from "#domain/show-day/show-day-view.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { learnZone } from "#domain/show-day/zone-spans.ts";
import { watchTexts } from "#domain/texts/watch.ts";

const t = watchTexts.page;

/**
 * What a watch link's page holds (issue 35, ADR 044): the horse, its classes at the show with their
 * placings and (when its maker chose) riders, and the show's day without its action log, so the page
 * names no steward. The show's sessions and classes are the printed schedule, public to anyone.
 */
export interface WatchDay {
  horse: string;
  show: Omit<ShowDay, "ring" | "canRunRing">;
  ring: Pick<RingLive, "seq" | "sessions" | "classes">;
  /** The horse's classes at the show, in no particular order. */
  entries: WatchEntry[];
}

export interface WatchEntry {
  classId: string;
  /** Only when the link's maker chose to show the rider. */
  rider: string | null;
  /** "2nd", "Shown", once the class's results are posted. */
  placing: string | null;
}

/**
 * What a barn link's page holds (ADR 050): the barn (its trainer's name), each of its horses entered at
 * the show with its classes as a horse link's page has them, and the show's day without its action log.
 */
export interface BarnWatchDay {
  barn: string;
  show: WatchDay["show"];
  ring: WatchDay["ring"];
  /** `id` is the horse's record id: what Notify me's choice names (ADR 052); it opens nothing without an account. */
  horses: { id: string; name: string; entries: WatchEntry[] }[];
}

/** A ring patch as a watch stream carries it: no action, so no steward's name. */
export type WatchPatch = Pick<
  RingPatch,
  "showId" | "seq" | "prevSeq" | "sessions" | "classes" | "scheduleChanged"
>;

export const watchPatchOf = (patch: RingPatch): WatchPatch => ({
  showId: patch.showId,
  seq: patch.seq,
  prevSeq: patch.prevSeq,
  sessions: patch.sessions,
  classes: patch.classes,
  ...(patch.scheduleChanged ? { scheduleChanged: true } : {}),
});

/** The ring after a patch, or null when it does not follow what is held (then the page reads the day again). */
export function applyWatchPatch(ring: WatchDay["ring"], patch: WatchPatch): WatchDay["ring"] | null {
  if (patch.scheduleChanged) return null;
  if (patch.prevSeq !== ring.seq) return patch.seq <= ring.seq ? ring : null;
  const sessions = new Map(ring.sessions.map((s) => [s.id, s]));
  for (const s of patch.sessions) sessions.set(s.id, s);
  const classes = new Map(ring.classes.map((c) => [c.id, c]));
  for (const c of patch.classes) classes.set(c.id, c);
  return { seq: patch.seq, sessions: [...sessions.values()], classes: [...classes.values()] };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The show's sessions, the ring's state and every class's status and estimate at `now`, from a public
 * page's day (a watch link's, a ring board's): the one estimate every screen uses.
 */
export function liveDayOf(view: Pick<WatchDay, "show" | "ring">, now: number) {
  const { show } = view;
  learnZone(show.timeZone, show.zoneSpans);
  const sessions = sessionsOfDay(show);
  const state = ringStateOf(view.ring);
  const { statusOf } = estimateDay({
    sessions,
    state,
    minutesPerClass: show.minutesPerClass,
    zone: show.timeZone,
    now,
  });
  return { sessions, state, statusOf };
}

/**
 * The live part of the page as HTML, for the instant `now`: the ring's line for the horse, running late,
 * and the horse's classes by day and session with each one's status, estimate, rider and placing. The
 * server renders it into the page and the page's script renders it again on every change, so both say
 * the same words.
 */
export function renderWatchLive(view: WatchDay, now: number): string {
  const parts: string[] = [];
  horseLive(parts, liveDayOf(view, now), view.show.timeZone, view.horse, view.entries, 2);
  return parts.join("");
}

/**
 * A barn link's live part (ADR 050): each of the barn's horses entered at the show, in name order, under
 * its name, with the same ring line, running late and classes as a horse link's page.
 */
export function renderBarnLive(view: BarnWatchDay, now: number): string {
  const live = liveDayOf(view, now);
  const parts: string[] = [];
  for (const horse of view.horses) {
    parts.push(`<section class="horse" data-testid="watch-horse"><h2>${escapeHtml(horse.name)}</h2>`);
    const rider = soleRider(horse);
    if (rider) parts.push(`<p class="rider">${escapeHtml(t.rider(rider))}</p>`);
    horseLive(parts, live, view.show.timeZone, horse.name, horse.entries, 3);
    parts.push("</section>");
  }
  if (view.horses.length === 0) parts.push(`<p>${escapeHtml(t.noHorses)}</p>`);
  return parts.join("");
}

/** One horse's ring line, running late and classes by day (heading `level`) and session (the next level). */
function horseLive(
  parts: string[],
  { sessions, state, statusOf }: ReturnType<typeof liveDayOf>,
  zone: string,
  horse: string,
  entries: readonly WatchEntry[],
  level: 2 | 3,
): void {
  const mine = new Map(entries.map((e) => [e.classId, e]));

  // The ring's line: the horse's next class still to run, and where the ring is in its session.
  let headline: string | null = null;
  let lateMinutes = 0;
  for (const session of sessions) {
    const next = session.classes.find((c) => {
      if (!mine.has(c.id)) return false;
      const kind = statusOf(c.id).kind;
      return kind !== "done" && kind !== "scratched" && kind !== "none";
    });
    if (!next) continue;
    const status = statusOf(next.id);
    lateMinutes = lateMinutesOf(state, session.id);
    if (sessionLive(state, session.id).status === "running") {
      const inRing = inRingOf(state, session);
      const where = inRing ? t.ringNow(inRing.number) : t.between;
      const what =
        status.kind === "in-ring"
          ? t.isInRing(horse)
          : status.kind === "up-next"
            ? t.isUpNext(horse)
            : status.kind === "away"
              ? t.isAway(horse, status.count)
              : null;
      headline = escapeHtml(what ? `${where} · ${what}` : where);
    } else {
      const at =
        status.kind === "estimate" || status.kind === "up-next" || status.kind === "away" ? status.at : null;
      headline = escapeHtml(t.nextClass(horse, next.number, at === null ? null : formatShowTime(at, zone)));
    }
    break;
  }
  if (headline === null && entries.length > 0) headline = escapeHtml(t.allDone(horse));
  if (headline !== null) parts.push(`<p class="now" data-testid="watch-now">${headline}</p>`);
  if (lateMinutes > 0) parts.push(`<p class="late">${escapeHtml(t.late(lateMinutes))}</p>`);

  // The horse's classes by day and session.
  const dayTag = `h${level}`;
  const sessionTag = `h${level + 1}`;
  let day: string | null = null;
  let any = false;
  for (const session of sessions) {
    const classes = session.classes.filter((c) => mine.has(c.id));
    if (classes.length === 0) continue;
    any = true;
    if (session.date !== day) {
      if (day !== null) parts.push("</div>");
      day = session.date;
      parts.push(`<div class="day"><${dayTag}>${escapeHtml(formatDayHeading(session.date))}</${dayTag}>`);
    }
    const heading = [
      session.implicit ? null : session.name,
      session.ring,
      session.startTime ? formatClockTime(session.startTime) : null,
    ].filter(Boolean);
    parts.push(`<${sessionTag}>${escapeHtml(heading.join(" · "))}</${sessionTag}><ul>`);
    for (const c of classes) {
      const entry = mine.get(c.id)!;
      const status = classStatusText(statusOf(c.id), zone);
      const kind = statusOf(c.id).kind;
      parts.push(
        `<li data-testid="watch-class" class="${kind}"><p class="name"><span class="num">${escapeHtml(c.number)}</span> ${escapeHtml(c.name)}</p>`,
        status ? `<p class="status">${escapeHtml(status)}</p>` : "",
        entry.rider ? `<p class="rider">${escapeHtml(t.riddenBy(entry.rider))}</p>` : "",
        entry.placing ? `<p class="placing">${escapeHtml(t.placed(entry.placing))}</p>` : "",
        "</li>",
      );
    }
    parts.push("</ul>");
  }
  if (day !== null) parts.push("</div>");
  if (!any) parts.push(`<p>${escapeHtml(t.noClasses)}</p>`);
}

/** The horse's rider line under its name: only when one rider rides all its classes shown with riders. */
export function soleRider(view: Pick<WatchDay, "entries">): string | null {
  const riders = new Set(view.entries.map((e) => e.rider).filter((r): r is string => !!r));
  return riders.size === 1 ? [...riders][0]! : null;
}
