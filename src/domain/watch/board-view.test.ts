import { describe, expect, it } from "vitest";
import { zonedInstant } from "#domain/show-day/show-time.ts";
import { type BoardDay, boardRings, renderBoardLive } from "./board-view.ts";

const ZONE = "America/Chicago";
const DAY = "2026-08-27";
const at = (time: string) => zonedInstant(DAY, time, ZONE)!;

const classes = Array.from({ length: 8 }, (_, i) => ({
  id: `c${i + 1}`,
  number: String(i + 1),
  name: `Class ${i + 1} <Park>`,
}));

const session = (id: string, ring: string, startTime: string, ids: string[], date = DAY) => ({
  id,
  name: id === "eve" ? "Evening" : "Afternoon",
  date,
  startTime,
  ring,
  implicit: false,
  classIds: ids,
});

function board(ring: BoardDay["ring"], over: Partial<BoardDay> = {}): BoardDay {
  return {
    show: {
      showId: "s",
      name: "Test Show",
      timeZone: ZONE,
      minutesPerClass: 7,
      today: DAY,
      runningToday: true,
      sessions: [
        session("aft", "Ring 2", "13:00", ["c7", "c8"]),
        session("eve", "Main Ring", "19:00", ["c1", "c2", "c3", "c4", "c5", "c6"]),
        session("tomorrow", "Ring 3", "13:00", [], "2026-08-28"),
      ],
      classes,
    },
    ring,
    results: [],
    ...over,
  };
}

const live = (id: string, status: "in-ring" | "done" | "scratched", reason: string | null = null) => ({
  id,
  status,
  startedAt: status === "scratched" ? null : at("19:01"),
  endedAt: status === "in-ring" ? null : at("19:08"),
  reason,
});
const runningEve = (cls: ReturnType<typeof live>[], minutesLate = 0): BoardDay["ring"] => ({
  seq: 3,
  sessions: [
    {
      id: "eve",
      status: "running",
      startedAt: at("19:00"),
      finishedAt: null,
      delays: minutesLate ? [{ at: at("19:02"), minutes: minutesLate }] : [],
    },
  ],
  classes: cls,
});
const empty: BoardDay["ring"] = { seq: 0, sessions: [], classes: [] };

describe("the ring board's rule", () => {
  it.each([
    {
      name: "before any session: today's rings in running order, the first three with printed times",
      ring: empty,
      now: at("12:00"),
      expect: [
        { ring: "Ring 2", status: "scheduled", inRing: null, next: ["7", "8"], seen: 0, total: 2, late: 0 },
        {
          ring: "Main Ring",
          status: "scheduled",
          inRing: null,
          next: ["1", "2", "3"],
          seen: 0,
          total: 6,
          late: 0,
        },
      ],
    },
    {
      name: "running: the class in the ring, the next three, seen of the classes not scratched, late",
      ring: runningEve(
        [live("c1", "done"), live("c2", "in-ring"), live("c4", "scratched", "no entries")],
        10,
      ),
      now: at("19:10"),
      expect: [
        { ring: "Ring 2", status: "scheduled", inRing: null, next: ["7", "8"], seen: 0, total: 2, late: 0 },
        {
          ring: "Main Ring",
          status: "running",
          inRing: "2",
          next: ["3", "5", "6"],
          seen: 1,
          total: 5,
          late: 10,
        },
      ],
    },
  ])("$name", ({ ring, now, expect: rings }) => {
    const got = boardRings(board(ring), now).map((r) => ({
      ring: r.ring,
      status: r.status,
      inRing: r.inRing?.number ?? null,
      next: r.next.map((n) => n.cls.number),
      seen: r.seen,
      total: r.total,
      late: r.lateMinutes,
    }));
    expect(got).toEqual(rings);
  });

  it("a finished session has no next classes and no delay; tomorrow's rings are not on today's board", () => {
    const ring: BoardDay["ring"] = {
      seq: 9,
      sessions: [
        { id: "eve", status: "finished", startedAt: at("19:00"), finishedAt: at("21:00"), delays: [] },
      ],
      classes: [],
    };
    const main = boardRings(board(ring), at("21:30")).find((r) => r.ring === "Main Ring")!;
    expect(main).toMatchObject({ status: "finished", next: [], lateMinutes: 0 });
    expect(boardRings(board(ring), at("21:30")).map((r) => r.ring)).not.toContain("Ring 3");
  });

  it("each ring shows its own latest results, newest first, at most two classes of six placings", () => {
    const placings = Array.from({ length: 8 }, (_, i) => ({ placing: `${i + 1}`, horse: `Horse ${i}` }));
    const results = [
      { classId: "c7", placings },
      { classId: "c3", placings },
      { classId: "c2", placings },
      { classId: "c1", placings },
    ];
    const rings = boardRings(board(empty, { results }), at("12:00"));
    const main = rings.find((r) => r.ring === "Main Ring")!;
    expect(main.results.map((r) => r.cls.number)).toEqual(["3", "2"]);
    expect(main.results[0]!.placings).toHaveLength(6);
    expect(rings.find((r) => r.ring === "Ring 2")!.results.map((r) => r.cls.number)).toEqual(["7"]);
  });

  it("renders every ring with its words, escaped", () => {
    const ring = runningEve(
      [live("c1", "done"), live("c2", "in-ring"), live("c4", "scratched", "no <entries>")],
      10,
    );
    const html = renderBoardLive(
      board(ring, { results: [{ classId: "c1", placings: [{ placing: "1st", horse: "Sun <Dancer>" }] }] }),
      at("19:10"),
    );
    expect(html).toContain("In the ring: Class 2 Class 2 &lt;Park&gt;");
    expect(html).toContain("Evening · Seen 1 of 5");
    expect(html).toContain("Running late +10 min");
    expect(html).toContain("no &lt;entries&gt;");
    expect(html).toContain("Sun &lt;Dancer&gt;");
    expect(html).toMatch(/≈ \d+:\d\d [AP]M CDT/);
    // Ring 2 has not started at 7:10 PM: its start is estimated from now.
    expect(html).toContain("Starts at 7:10 PM CDT");
    expect(html).not.toContain("<Park>");
    expect(
      renderBoardLive(board(empty, { show: { ...board(empty).show, sessions: [] } }), at("12:00")),
    ).toContain("No ring runs today.");
  });
});
