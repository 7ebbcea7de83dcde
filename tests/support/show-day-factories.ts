import { addDays, format, parseISO } from "date-fns";
import type { FastifyInstance } from "fastify";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import type { Role } from "#domain/people/roles.ts";
import { showToday } from "#domain/show-day/show-time.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const ZONE = "America/Chicago";

/** The show's own calendar day today (Shelbyville, TN), `offset` days on. */
export const showDay = (offset = 0): string =>
  format(addDays(parseISO(showToday(Date.now(), ZONE)), offset), "yyyy-MM-dd");

/**
 * A show running yesterday to tomorrow (on its own clock) with an evening session of the given classes
 * (ids class-1 …) and a second, later one of two more; made through the admin's schedule API.
 */
export async function buildRunningShow(
  app: FastifyInstance,
  admin: { cookie: string },
  opts: { classes?: number; startOffset?: number; name?: string } = {},
) {
  const count = opts.classes ?? 8;
  const show = await buildShow(app, {
    name: opts.name,
    startDate: showDay(opts.startOffset ?? -1),
    days: 3,
    classes: Array.from({ length: count + 2 }, (_, i) => `Class ${i + 1} Walking Horses`),
  });
  const body: ScheduleBody = {
    timeZone: null,
    minutesPerClass: 7,
    sessions: [
      {
        name: "Evening",
        date: showDay(),
        startTime: "19:00",
        ring: "Main Ring",
        classes: Array.from({ length: count }, (_, i) => ({
          id: `class-${i + 1}`,
          number: String(i + 1),
          name: `Class ${i + 1} Walking Horses`,
        })),
      },
      {
        name: "Late",
        date: showDay(),
        startTime: "22:00",
        ring: "Main Ring",
        classes: [count + 1, count + 2].map((n) => ({
          id: `class-${n}`,
          number: String(n),
          name: `Class ${n} Walking Horses`,
        })),
      },
    ],
    unscheduled: [],
  };
  const res = await call(app, "PUT", `/api/shows/${show.id}/schedule`, { cookie: admin.cookie, body });
  if (res.statusCode !== 200) throw new Error(`schedule: ${res.statusCode} ${res.body}`);
  const detail = res.json() as { sessions: { id: string; name: string }[] };
  const [evening, late] = detail.sessions;
  return { show, evening: evening!.id, late: late!.id };
}

/** The admin most show-day and results tests act as. */
export const ADA_ADMIN: { name: string; roles: Role[] } = { name: "Ada Admin", roles: ["Admin", "Owner"] };

export const signedInAdmin = (app: FastifyInstance) => signedInUser(app, ADA_ADMIN);
