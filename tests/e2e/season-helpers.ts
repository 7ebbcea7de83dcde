import type { Page } from "@playwright/test";
import { format } from "date-fns";
import { expect } from "./fixtures.ts";

/** The calendar's wide screen, and where the season specs leave their screenshots. */
export const WIDE = { width: 1280, height: 800 };
export const SHOTS = process.env.E2E_OUTPUT_DIR ?? "test-results/e2e";

/** Creates a show through the admin's API (as `admin`), with `classes` numbered classes. */
export async function createShow(
  admin: Page,
  baseURL: string,
  input: { name: string; startDate: string; endDate: string; classes?: number; classNames?: string[] },
): Promise<string> {
  const { classes = 3, classNames = [], ...show } = input;
  const res = await admin.request.post("/api/shows", {
    headers: { origin: baseURL },
    data: {
      ...show,
      location: "Shelbyville, TN",
      judges: ["Larry Wheelon"],
      classes: Array.from({ length: classes }, (_, i) => ({
        id: `class-${i + 1}`,
        name: classNames[i] ?? `Class ${i + 1} Walking Horses`,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** Enters `horse` in a class of the show as whoever `page` is signed in as, through the real API. */
export async function enter(
  page: Page,
  baseURL: string,
  at: { showId: string; classId: string; horseId: string; status?: string; riderId?: string },
) {
  const res = await page.request.put(`/api/shows/${at.showId}/classes/${at.classId}/entries`, {
    headers: { origin: baseURL },
    data: {
      entries: [
        {
          status: at.status ?? "HorseIsShowing",
          horseId: at.horseId,
          ...(at.riderId ? { riderId: at.riderId } : {}),
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const ymd = (d: Date) => format(d, "yyyy-MM-dd");
