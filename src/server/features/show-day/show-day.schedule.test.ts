import { describe, expect, it } from "vitest";
import { call } from "#tests/support/server.ts";
import { showDay } from "#tests/support/show-day-factories.ts";
import { showDayWorld } from "#tests/support/show-day-world.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const { t, admin, steward, owner, show, day } = showDayWorld();

describe("schedule", () => {
  it("saves sessions with their classes; show detail heads them and times each class on the show's clock", async () => {
    const res = await call(t.app, "GET", `/api/shows/${show.show.id}`, { cookie: owner.cookie });
    const detail = res.json();
    expect(detail.timeZone).toBe("America/Chicago");
    expect(detail.minutesPerClass).toBe(7);
    expect(
      detail.sessions.map((s: { name: string; startTime: string; ring: string }) => [
        s.name,
        s.startTime,
        s.ring,
      ]),
    ).toEqual([
      ["Evening", "19:00", "Main Ring"],
      ["Late", "22:00", "Main Ring"],
    ]);
    expect(["CDT", "CST"]).toContain(detail.sessions[0].zoneAbbr);
    expect(
      detail.classes
        .slice(0, 3)
        .map((c: { sessionId: string; plannedTime: string }) => [c.sessionId, c.plannedTime]),
    ).toEqual([
      [show.evening, "7:00 PM"],
      [show.evening, "7:07 PM"],
      [show.evening, "7:14 PM"],
    ]);
    expect(detail.classes[8]).toMatchObject({ sessionId: show.late, plannedTime: "10:00 PM" });
  });

  it("moves a class to another session and back to no session, keeping its id", async () => {
    const other = await buildShow(t.app, { startDate: showDay(), classes: ["A", "B", "C"] });
    const put = (body: unknown) =>
      call(t.app, "PUT", `/api/shows/${other.id}/schedule`, { cookie: admin.cookie, body });
    const first = await put({
      timeZone: "America/New_York",
      minutesPerClass: 5,
      sessions: [
        {
          name: "Morning",
          date: showDay(),
          startTime: "09:00",
          classes: [{ id: "class-2", number: "2", name: "B" }],
        },
      ],
      unscheduled: [{ id: "class-1", number: "1", name: "A" }],
    });
    expect(first.statusCode).toBe(200);
    const detail = first.json();
    expect(
      detail.classes.map((c: { id: string; sessionId: string | null; plannedTime: string | null }) => [
        c.id,
        c.sessionId !== null,
        c.plannedTime,
      ]),
    ).toEqual([
      ["class-2", true, "9:00 AM"],
      ["class-1", false, null],
    ]);
    expect(detail.timeZone).toBe("America/New_York");
  });

  it.each([
    ["an unknown field", { timeZone: null, minutesPerClass: 7, sessions: [], extra: 1 }],
    ["a time zone that is not one", { timeZone: "Mars/Base", minutesPerClass: 7, sessions: [] }],
    [
      "a time that is not a time",
      {
        timeZone: null,
        minutesPerClass: 7,
        sessions: [{ name: "X", date: showDay(), startTime: "7 PM", classes: [] }],
      },
    ],
    [
      "a session outside the show's days",
      {
        timeZone: null,
        minutesPerClass: 7,
        sessions: [{ name: "X", date: showDay(30), startTime: null, classes: [] }],
      },
    ],
    [
      "a session of another show",
      {
        timeZone: null,
        minutesPerClass: 7,
        sessions: [{ id: "no-such", name: "X", date: showDay(), startTime: null, classes: [] }],
      },
    ],
  ])("refuses %s (400), changing nothing", async (_, body) => {
    const res = await call(t.app, "PUT", `/api/shows/${show.show.id}/schedule`, {
      cookie: admin.cookie,
      body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
    expect((await day(owner)).sessions.filter((s) => !s.implicit)).toHaveLength(2);
  });

  it("is the admin's: a steward gets 403", async () => {
    const res = await call(t.app, "PUT", `/api/shows/${show.show.id}/schedule`, {
      cookie: steward.cookie,
      body: { timeZone: null, minutesPerClass: 7, sessions: [] },
    });
    expect(res.statusCode).toBe(403);
  });
});
