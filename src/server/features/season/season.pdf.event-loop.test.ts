import { describe, expect, it } from "vitest";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import { schedulePdf } from "./season.pdf.ts";

/**
 * The printed schedule's PDF is drawn on the event loop. Any signed-in person can fill a sheet with
 * their own entries: 1,500 classes × 4 horses held one request's whole server for 1.3–2.1 s (the
 * attacker probe of wave 3), every other answer waiting. The drawing now gives the loop back every few
 * rows. What is checked is that it does (a timer keeps firing while a 3,000-line sheet is drawn), not
 * a time: on a shared machine a wall-clock bound would measure the machine.
 */

function bigSheet(lines: number): BarnSchedule {
  const line = (n: number) => ({
    number: String(n),
    className: `Class ${n} ${"Amateur Specialty Walking Horse ".repeat(4)}`,
    horse: `Horse ${n} ${"x".repeat(40)}`,
    rider: `Rider ${n}`,
    owner: `Owner ${n}, Another Owner`,
    time: "7:42 PM",
  });
  return {
    show: {
      id: "show-1",
      name: "Tennessee Walking Horse National Celebration",
      location: "Shelbyville, TN",
      startDate: "2026-08-20",
      endDate: "2026-08-29",
      url: "http://localhost:3000/shows/show-1",
    },
    scope: "barn",
    printedOn: "2026-08-01",
    days: [
      {
        date: "2026-08-20",
        sessions: [
          {
            name: "Thursday Evening",
            startTime: "19:00",
            ring: "Main Ring",
            lines: Array.from({ length: lines }, (_, i) => line(i + 1)),
          },
        ],
      },
    ],
    qrSvg: "",
  };
}

describe("the printed schedule's PDF and the event loop", () => {
  it("gives the loop back while it draws a sheet of thousands of lines", async () => {
    await schedulePdf(bigSheet(10), { large: false, paper: "letter" });
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const pdf = await schedulePdf(bigSheet(3000), { large: false, paper: "letter" });
    clearInterval(timer);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(300_000);
    // Drawn in one piece, no timer could fire until the end (0 or 1 ticks); 120 turns let it fire often.
    expect(ticks).toBeGreaterThan(20);
  });
});
