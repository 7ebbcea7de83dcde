import { classLive, inRingOf, lateMinutesOf, queueOf, sessionLive } from "#domain/show-day/ring.ts";
import { statusTime } from "#domain/show-day/ring-estimates.ts";
import type { EffectiveSession, ScheduledClass } from "#domain/show-day/show-sessions.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { boardTexts } from "#domain/texts/board.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { escapeHtml, liveDayOf, type WatchDay } from "#domain/watch/watch-view.ts";

const t = boardTexts.page;

/**
 * What the public ring board holds (issue 35, ADR 046): the show's day without its action log (so no
 * steward's name), as a watch link's page has it, and the latest posted results with each placing's
 * horse only (the sheet's rider and owner names are not read).
 */
export interface BoardDay {
  show: WatchDay["show"];
  ring: WatchDay["ring"];
  /** The show's most recently posted classes, newest first. */
  results: BoardResult[];
}

export interface BoardResult {
  classId: string;
  /** In placing order: "1st", "2nd"…, and the horse as printed. */
  placings: { placing: string; horse: string }[];
}

/** Classes shown as "next" per ring, results per ring, placings per result. */
export const BOARD_NEXT = 3;
export const BOARD_RESULTS = 2;
export const BOARD_PLACINGS = 6;

export interface BoardRing {
  ring: string;
  session: EffectiveSession;
  status: "scheduled" | "running" | "finished";
  inRing: ScheduledClass | null;
  /** The classes to run next, in the order they will go, each with its estimated start. */
  next: { cls: ScheduledClass; at: number | null }[];
  /** Done classes of the session, and its classes not scratched. */
  seen: number;
  total: number;
  scratched: { cls: ScheduledClass; reason: string | null }[];
  lateMinutes: number;
  results: (BoardResult & { cls: ScheduledClass })[];
}

/**
 * Each ring running today, one session each: the one running, else the next to start, else the day's
 * last. Rings in the order their first session of the day runs. Pure: the page and its script both use
 * it, so what they say never differs.
 */
export function boardRings(view: BoardDay, now: number): BoardRing[] {
  const day = liveDayOf(view, now);
  const { state, statusOf } = day;
  const sessions = day.sessions.filter((s) => s.date === view.show.today);
  const byRing = new Map<string, EffectiveSession[]>();
  for (const s of sessions) byRing.set(s.ring, [...(byRing.get(s.ring) ?? []), s]);
  const results = new Map(view.results.map((r, i) => [r.classId, { r, i }]));

  return [...byRing].map(([ring, list]) => {
    const status = (s: EffectiveSession) => sessionLive(state, s.id).status;
    const session =
      list.find((s) => status(s) === "running") ??
      list.find((s) => status(s) === "scheduled") ??
      list.at(-1)!;
    const classes = session.classes.map((c) => ({ c, live: classLive(state, c.id) }));
    const posted = list
      .flatMap((s) => s.classes)
      .filter((c) => results.has(c.id))
      .sort((a, b) => results.get(a.id)!.i - results.get(b.id)!.i)
      .slice(0, BOARD_RESULTS)
      .map((cls) => {
        const r = results.get(cls.id)!.r;
        return { ...r, placings: r.placings.slice(0, BOARD_PLACINGS), cls };
      });
    return {
      ring,
      session,
      status: status(session),
      inRing: inRingOf(state, session),
      next:
        status(session) === "finished"
          ? []
          : queueOf(state, session)
              .slice(0, BOARD_NEXT)
              .map((cls) => ({ cls, at: statusTime(statusOf(cls.id)) })),
      seen: classes.filter((x) => x.live.status === "done").length,
      total: classes.filter((x) => x.live.status !== "scratched").length,
      scratched: classes
        .filter((x) => x.live.status === "scratched")
        .map((x) => ({ cls: x.c, reason: x.live.reason })),
      lateMinutes: status(session) === "finished" ? 0 : lateMinutesOf(state, session.id),
      results: posted,
    };
  });
}

const num = (n: string) => `<span class="num">${escapeHtml(n)}</span>`;

function ringLine(r: BoardRing, zone: string): string {
  if (r.status === "finished") return t.finished;
  if (r.status === "running") return r.inRing ? t.inRing(r.inRing.number, r.inRing.name) : t.between;
  const start = r.next[0]?.at ?? null;
  return start === null ? t.notStarted : t.startsAt(formatShowTime(start, zone));
}

/**
 * The board's rings as HTML for the instant `now`: per ring its line ("In the ring: Class 12 …"), the
 * session's progress, running late, the next classes with their estimates, scratches and the latest
 * results. Every text escaped.
 */
export function renderBoardLive(view: BoardDay, now: number): string {
  const zone = view.show.timeZone;
  const rings = boardRings(view, now);
  if (rings.length === 0) return `<p class="empty">${escapeHtml(t.noRings)}</p>`;
  return rings
    .map((r, i) => {
      const id = `ring-${i + 1}`;
      const session = [r.session.implicit ? null : r.session.name, t.progress(r.seen, r.total)]
        .filter(Boolean)
        .join(" · ");
      const parts = [
        `<div class="main"><h2 id="${id}">${escapeHtml(r.ring)}</h2>`,
        `<p class="session" data-testid="board-progress">${escapeHtml(session)}</p>`,
        `<p class="now${r.inRing ? " in" : ""}" data-testid="board-now">${escapeHtml(ringLine(r, zone))}</p>`,
      ];
      if (r.lateMinutes > 0)
        parts.push(`<p class="late">${escapeHtml(watchTexts.page.late(r.lateMinutes))}</p>`);
      if (r.status !== "finished") {
        parts.push(`<h3>${escapeHtml(t.next)}</h3>`);
        parts.push(
          r.next.length === 0
            ? `<p class="none">${escapeHtml(t.noneNext)}</p>`
            : `<ol class="next">${r.next
                .map(
                  (n) =>
                    `<li>${num(n.cls.number)} <span class="name">${escapeHtml(n.cls.name)}</span>${
                      n.at === null
                        ? ""
                        : ` <span class="at">≈ ${escapeHtml(formatShowTime(n.at, zone))}</span>`
                    }</li>`,
                )
                .join("")}</ol>`,
        );
      }
      const side: string[] = [];
      if (r.scratched.length > 0) {
        side.push(
          `<h3>${escapeHtml(t.scratched)}</h3><ul class="scratched">${r.scratched
            .map(
              (s) =>
                `<li>${num(s.cls.number)} ${escapeHtml(s.cls.name)}${s.reason ? ` — ${escapeHtml(s.reason)}` : ""}</li>`,
            )
            .join("")}</ul>`,
        );
      }
      if (r.results.length > 0) {
        side.push(`<h3>${escapeHtml(t.results)}</h3>`);
        for (const res of r.results) {
          side.push(
            `<div class="result"><p class="name">${num(res.cls.number)} ${escapeHtml(res.cls.name)}</p><ol>${res.placings
              .map(
                (p) =>
                  `<li><span class="placing">${escapeHtml(p.placing)}</span> ${escapeHtml(p.horse)}</li>`,
              )
              .join("")}</ol></div>`,
          );
        }
      }
      return `<section class="ring" data-testid="board-ring" aria-labelledby="${id}">${parts.join("")}</div>${
        side.length > 0 ? `<div class="side">${side.join("")}</div>` : ""
      }</section>`;
    })
    .join("");
}
