import { describe, expect, it } from "vitest";
import { zonedInstant } from "#domain/show-day/show-time.ts";
import { applyWatchPatch, escapeHtml, renderWatchLive, soleRider, type WatchDay } from "./watch-view.ts";

const ZONE = "America/Chicago";
const DAY = "2026-08-27";
const at = (time: string) => zonedInstant(DAY, time, ZONE)!;

const classes = Array.from({ length: 6 }, (_, i) => ({
  id: `c${i + 1}`,
  number: String(i + 1),
  name: `Class ${i + 1} <Park>`,
}));

function day(over: Partial<WatchDay> = {}): WatchDay {
  return {
    horse: "Midnight <Sun>",
    show: {
      showId: "s",
      name: "Test Show",
      timeZone: ZONE,
      minutesPerClass: 7,
      today: DAY,
      runningToday: true,
      sessions: [
        {
          id: "eve",
          name: "Evening",
          date: DAY,
          startTime: "19:00",
          ring: "Main Ring",
          implicit: false,
          classIds: classes.map((c) => c.id),
        },
      ],
      classes,
    },
    ring: { seq: 0, sessions: [], classes: [] },
    entries: [
      { classId: "c5", rider: null, placing: null },
      { classId: "c6", rider: null, placing: "2nd" },
    ],
    ...over,
  };
}

const running = (inRing: string | null): WatchDay["ring"] => ({
  seq: 2,
  sessions: [{ id: "eve", status: "running", startedAt: at("19:00"), finishedAt: null, delays: [] }],
  classes: inRing
    ? [{ id: inRing, status: "in-ring", startedAt: at("19:01"), endedAt: null, reason: null }]
    : [],
});

describe("the watch page's live part", () => {
  it("before the session: the horse's next class with its printed estimate, its classes only, escaped", () => {
    const html = renderWatchLive(day(), at("18:00"));
    expect(html).toContain("Midnight &lt;Sun&gt;&#39;s next class: Class 5 ≈ 7:28 PM CDT");
    expect(html).toContain("Class 5 &lt;Park&gt;");
    expect(html).not.toContain("Class 4 &lt;Park&gt;");
    expect(html).toContain("Placed 2nd");
    expect(html).not.toContain("<Sun>");
  });

  it("while the session runs: what is in the ring and how far the horse is", () => {
    const html = renderWatchLive(day({ ring: running("c1") }), at("19:02"));
    expect(html).toContain("In the ring now: Class 1 · Midnight &lt;Sun&gt; is 4 classes away");
    expect(renderWatchLive(day({ ring: running("c4") }), at("19:30"))).toContain("is up next");
    expect(renderWatchLive(day({ ring: running("c5") }), at("19:40"))).toContain("is in the ring");
    expect(renderWatchLive(day({ ring: running(null) }), at("19:02"))).toContain("Between classes · ");
  });

  it("says running late, a scratch with its reason, and when the horse's classes are over", () => {
    const ring = running("c1");
    ring.sessions[0]!.delays = [{ at: at("19:01"), minutes: 10 }];
    ring.classes.push({
      id: "c5",
      status: "scratched",
      startedAt: null,
      endedAt: at("19:05"),
      reason: "no entries",
    });
    const html = renderWatchLive(day({ ring }), at("19:06"));
    expect(html).toContain("Running late +10 min");
    expect(html).toContain("Scratched: no entries");
    const over = running(null);
    over.classes = [
      { id: "c5", status: "done", startedAt: at("19:30"), endedAt: at("19:37"), reason: null },
      { id: "c6", status: "done", startedAt: at("19:37"), endedAt: at("19:44"), reason: null },
    ];
    expect(renderWatchLive(day({ ring: over }), at("20:00"))).toContain("classes at this show are over");
  });

  it("names a rider only when the page carries one", () => {
    const withRider = day({
      entries: [
        { classId: "c5", rider: "Rita Rider", placing: null },
        { classId: "c6", rider: "Rita Rider", placing: null },
      ],
    });
    expect(renderWatchLive(withRider, at("18:00"))).toContain("Rider: Rita Rider");
    expect(soleRider(withRider)).toBe("Rita Rider");
    expect(soleRider(day())).toBeNull();
  });

  it("applies a patch that follows, keeps one already held, and asks for the day again otherwise", () => {
    const ring = running("c1");
    const patch = {
      showId: "s",
      seq: 3,
      prevSeq: 2,
      sessions: [],
      classes: [
        { id: "c2", status: "in-ring" as const, startedAt: at("19:08"), endedAt: null, reason: null },
      ],
    };
    expect(applyWatchPatch(ring, patch)?.classes.map((c) => c.id)).toEqual(["c1", "c2"]);
    expect(applyWatchPatch(ring, { ...patch, seq: 2, prevSeq: 1 })).toBe(ring);
    expect(applyWatchPatch(ring, { ...patch, seq: 5, prevSeq: 4 })).toBeNull();
    expect(applyWatchPatch(ring, { ...patch, scheduleChanged: true })).toBeNull();
  });

  it("escapes every character that could end text or an attribute", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
