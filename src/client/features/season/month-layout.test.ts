import { describe, expect, it } from "vitest";
import { layoutMonth } from "#client/features/season/month-layout.ts";
import type { CalendarShow } from "#domain/contracts/season.ts";

const show = (id: string, startDate: string, endDate = startDate): CalendarShow => ({
  id,
  name: id,
  location: "Shelbyville, TN",
  startDate,
  endDate,
  mine: false,
});

describe("layoutMonth", () => {
  it("lays June 2026 out as 5 weeks from Sunday, days of other months blank", () => {
    const layout = layoutMonth("2026-06", []);
    expect(layout.days).toHaveLength(30);
    expect(layout.weeks).toHaveLength(5);
    expect(layout.weeks[0]!.days).toEqual([
      null,
      "2026-06-01",
      "2026-06-02",
      "2026-06-03",
      "2026-06-04",
      "2026-06-05",
      "2026-06-06",
    ]);
    expect(layout.weeks[4]!.days.slice(0, 3)).toEqual(["2026-06-28", "2026-06-29", "2026-06-30"]);
  });

  it("clips shows to the month and splits them at week ends", () => {
    const layout = layoutMonth("2026-06", [
      show("may-june", "2026-05-30", "2026-06-02"),
      show("weekend", "2026-06-13", "2026-06-15"),
    ]);
    const bars = layout.weeks.map((w) => w.bars.map((b) => [b.show.id, b.col, b.span, b.lane]));
    expect(bars[0]).toEqual([["may-june", 1, 2, 0]]);
    expect(bars[1]).toEqual([["weekend", 6, 1, 0]]);
    expect(bars[2]).toEqual([["weekend", 0, 2, 0]]);
    expect(layout.byDay.get("2026-06-02")!.map((s) => s.id)).toEqual(["may-june"]);
    expect(layout.byDay.get("2026-06-03")).toEqual([]);
  });

  it("stacks overlapping shows in the lowest free lane, earlier and longer first", () => {
    const layout = layoutMonth("2026-06", [
      show("b-short", "2026-06-08"),
      show("a-long", "2026-06-08", "2026-06-10"),
      show("c-later", "2026-06-09"),
      show("d-after", "2026-06-11"),
    ]);
    const lanes = Object.fromEntries(layout.weeks[1]!.bars.map((b) => [b.show.id, b.lane]));
    expect(lanes).toEqual({ "a-long": 0, "b-short": 1, "c-later": 1, "d-after": 0 });
    expect(layout.byDay.get("2026-06-09")!.map((s) => s.id)).toEqual(["a-long", "c-later"]);
  });

  it("leaves out shows of other months", () => {
    expect(layoutMonth("2026-06", [show("july", "2026-07-01")]).weeks.flatMap((w) => w.bars)).toEqual([]);
  });
});
