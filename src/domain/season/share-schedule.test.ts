import { describe, expect, it } from "vitest";
import { scheduleText } from "#domain/season/share-schedule.ts";

describe("scheduleText", () => {
  it("says when there is nothing upcoming", () => {
    expect(scheduleText({ horseName: "Midnight", shows: [] })).toBe("Midnight has no upcoming classes.");
  });

  it("lists shows with dates and location, then each class with date, number and name", () => {
    const text = scheduleText({
      horseName: "Midnight",
      shows: [
        {
          showId: "s1",
          name: "Celina Lions Club Horse Show",
          location: "Celina, TN",
          startDate: "2026-06-06",
          endDate: "2026-06-06",
          classes: [{ classId: "class-12", number: "12", name: "Amateur Park Pleasure", date: "2026-06-06" }],
        },
        {
          showId: "s2",
          name: "Celebration Spring Fun Show",
          location: "Shelbyville, TN",
          startDate: "2026-06-08",
          endDate: "2026-06-09",
          classes: [
            { classId: "sfs-3", number: "3", name: "Youth Walking", date: "2026-06-08" },
            { classId: "sfs-40", number: "40", name: "Trail Pleasure", date: "2026-06-09" },
          ],
        },
      ],
    });
    expect(text).toBe(
      [
        "Midnight's upcoming schedule:",
        "",
        "Celina Lions Club Horse Show (Celina, TN)",
        "Sat, Jun 6, 2026",
        "- Sat, Jun 6, 2026: #12 Amateur Park Pleasure",
        "",
        "Celebration Spring Fun Show (Shelbyville, TN)",
        "Mon, Jun 8, 2026 – Tue, Jun 9, 2026",
        "- Mon, Jun 8, 2026: #3 Youth Walking",
        "- Tue, Jun 9, 2026: #40 Trail Pleasure",
      ].join("\n"),
    );
  });
});
