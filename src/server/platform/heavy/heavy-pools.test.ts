import { afterEach, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { AppError } from "#server/platform/errors.ts";
import {
  createHeavyReaders,
  DEFAULT_HEAVY_LIMITS,
  type HeavyReaders,
} from "#server/platform/heavy/heavy-pools.ts";
import { heavyCalendar } from "#tests/support/bombs.ts";
import { calendarIcs } from "#tests/support/calendar-fixtures.ts";

let readers: HeavyReaders | undefined;
afterEach(async () => {
  await readers?.close();
  readers = undefined;
});

const withCalendarLimits = (limits: Partial<typeof DEFAULT_HEAVY_LIMITS.calendar>) => {
  readers = createHeavyReaders({ calendar: { ...DEFAULT_HEAVY_LIMITS.calendar, ...limits } });
  return readers;
};

const small = Buffer.from(calendarIcs());

describe("heavy-input worker pools", () => {
  it("read a calendar in a worker thread, and the same worker reads the next one", async () => {
    const pool = withCalendarLimits({});
    const first = await pool.calendar.reserve().read(small);
    expect(first.format).toBe("ics");
    expect(first.shows.length).toBeGreaterThan(10);
    expect((await pool.calendar.reserve().read(small)).shows).toEqual(first.shows);
  });

  it("refuse a file at once with 503 and Retry-After while one is read and the queue is full", async () => {
    const pool = withCalendarLimits({ waiting: 1 });
    const reading = pool.calendar.reserve();
    const waiting = pool.calendar.reserve();
    let refused: unknown;
    try {
      pool.calendar.reserve();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: ERROR_CODES.unavailable,
      message: heavyInputsTexts.busy,
      headers: { "retry-after": "60" },
    });
    // A place given back, used or not, takes the next file.
    waiting.release();
    await reading.read(small);
    await expect(pool.calendar.reserve().read(small)).resolves.toMatchObject({ format: "ics" });
  });

  it("stop a file that takes longer than its deadline, and read the next one in a new thread", async () => {
    // The deadline starts once the thread has loaded its code, so a cold thread is not held to it.
    const pool = withCalendarLimits({ timeoutMs: 100 });
    await expect(pool.calendar.reserve().read(heavyCalendar())).rejects.toThrow(
      heavyInputsTexts.tookTooLong(0.1),
    );
    await expect(pool.calendar.reserve().read(small)).resolves.toMatchObject({ format: "ics" });
  });

  it("stop a file that needs more heap than the thread may have, and go on", async () => {
    const pool = withCalendarLimits({ heapMb: 16 });
    await expect(pool.calendar.reserve().read(small)).resolves.toMatchObject({ format: "ics" });
    await expect(pool.calendar.reserve().read(heavyCalendar())).rejects.toThrow(heavyInputsTexts.tooComplex);
    await expect(pool.calendar.reserve().read(small)).resolves.toMatchObject({ format: "ics" });
  });

  it("raise a reader's refusal on the main thread as the same error, status and words", async () => {
    const pool = withCalendarLimits({});
    await expect(
      pool.calendar.reserve().read(Buffer.from("BEGIN:VCALENDAR\r\nbroken")),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: ERROR_CODES.unprocessable,
    });
  });
});
