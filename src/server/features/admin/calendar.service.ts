import type { Kysely, Transaction } from "kysely";
import {
  CALENDAR_LIMITS,
  type CalendarImportResult,
  type CalendarPreview,
  type CalendarShow,
} from "#domain/contracts/admin.ts";
import {
  calendarDifferences,
  type ImportedShow,
  showIdentity,
  wouldChange,
} from "#domain/imports/calendar-import.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { type AnnouncedShow, announceNewShows } from "#server/features/notifications/new-shows.service.ts";
import { notifyEntrantsOfChanges } from "#server/features/shows/shows.admin.service.ts";
import { judgesOf } from "#server/features/shows/shows.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";
import type { HeavyReaders } from "#server/platform/heavy/heavy-pools.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { fetchPublicFile } from "#server/platform/safe-fetch.ts";
import type { ReadCalendar } from "./calendar-files.ts";

type Executor = Kysely<Database> | Transaction<Database>;

interface PresentShow extends ImportedShow {
  id: string;
}

/** Shows already in the database with the same identity (name ignoring case, start date) as any of these. */
async function presentShows(db: Executor, shows: readonly ImportedShow[]): Promise<Map<string, PresentShow>> {
  const found = new Map<string, PresentShow>();
  const dates = [...new Set(shows.map((s) => s.startDate))];
  for (let i = 0; i < dates.length; i += 500) {
    const rows = await db
      .selectFrom("show")
      .select(["id", "name", "start_date", "end_date", "location", "sanctioning_org"])
      .where("start_date", "in", dates.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const show = {
        id: r.id,
        name: r.name,
        startDate: r.start_date,
        endDate: r.end_date,
        location: r.location,
        sanctioningOrg: r.sanctioning_org,
      };
      const key = showIdentity(show);
      if (!found.has(key)) found.set(key, show);
    }
  }
  return found;
}

/**
 * Reads a calendar in the calendar worker (ADR 017): a place in its queue is taken first, so a busy
 * server refuses before downloading or receiving the file, then the file is read and parsed there.
 */
async function readInWorker(heavy: HeavyReaders, fetchBytes: () => Promise<Buffer>): Promise<ReadCalendar> {
  const ticket = heavy.calendar.reserve();
  let bytes: Buffer;
  try {
    bytes = await fetchBytes();
  } catch (error) {
    ticket.release();
    throw error;
  }
  return ticket.read(bytes);
}

async function preview(db: Db, read: ReadCalendar): Promise<CalendarPreview> {
  const present = await presentShows(db.db, read.shows);
  const preview: CalendarPreview = {
    format: read.format,
    newShows: [],
    existing: [],
    problems: read.problems,
  };
  for (const show of read.shows) {
    const there = present.get(showIdentity(show));
    if (there) {
      const differences = calendarDifferences(there, show);
      preview.existing.push({ ...show, id: there.id, changed: differences.length > 0, differences });
    } else preview.newShows.push(show);
  }
  return preview;
}

interface CalendarDeps {
  db: Db;
  heavy: HeavyReaders;
}

/** An uploaded calendar's preview; `upload` reads the request's file once a place is free. */
export const previewCalendarFile = async (
  deps: CalendarDeps,
  _admin: Viewer,
  upload: () => Promise<Buffer>,
) => preview(deps.db, await readInWorker(deps.heavy, upload));

export async function previewCalendarUrl(
  deps: CalendarDeps,
  _admin: Viewer,
  url: string,
  options: { allowPrivate: boolean },
): Promise<CalendarPreview> {
  const read = await readInWorker(deps.heavy, () =>
    fetchPublicFile(url, {
      allowPrivate: options.allowPrivate,
      maxBytes: CALENDAR_LIMITS.fileBytes,
      timeoutMs: CALENDAR_LIMITS.fetchTimeoutMs,
    }),
  );
  return preview(deps.db, read);
}

/** A batch's notifications as one live event: open apps refetch once, not once per show. */
function oneNotice(events: readonly LiveEvent[]): LiveEvent[] {
  if (events.length === 0) return [];
  const users = new Set<string>();
  for (const e of events) {
    if (e.type !== "notification") continue;
    if (e.userIds === null) return [{ type: "notification", userIds: null }];
    for (const id of e.userIds) users.add(id);
  }
  return [{ type: "notification", userIds: [...users] }];
}

/**
 * Imports a batch of previewed shows in one transaction: new ones are created (each person they concern
 * hears once: one notice, or one summary for several, ADR 023), ones already present are skipped or updated, never duplicated. The identity is
 * checked again here, so importing the same calendar twice adds nothing the second time.
 */
export async function importCalendarShows(
  deps: { db: Db; bus: EventBus; log: { warn(obj: unknown, msg?: string): void } },
  _admin: Viewer,
  shows: readonly CalendarShow[],
  existing: "skip" | "update",
  importId?: string,
): Promise<CalendarImportResult> {
  const result: CalendarImportResult = { created: 0, updated: 0, skipped: 0 };
  const events = await deps.db.db.transaction().execute(async (trx) => {
    const present = await presentShows(trx, shows);
    const seen = new Set<string>();
    const out: LiveEvent[] = [];
    const created: AnnouncedShow[] = [];
    for (const show of shows) {
      const key = showIdentity(show);
      const there = present.get(key);
      if (seen.has(key)) {
        result.skipped++;
        continue;
      }
      seen.add(key);
      if (there) {
        if (existing === "update" && wouldChange(there, show)) {
          await trx
            .updateTable("show")
            .set({ end_date: show.endDate, location: show.location, sanctioning_org: show.sanctioningOrg })
            .where("id", "=", there.id)
            .execute();
          const judges = (await judgesOf(trx, [there.id])).get(there.id) ?? [];
          const notice = await notifyEntrantsOfChanges(
            trx,
            there.id,
            { ...there, judges },
            { ...show, name: there.name, judges },
          );
          if (notice) out.push(notice);
          result.updated++;
        } else result.skipped++;
        continue;
      }
      const id = newId();
      await trx
        .insertInto("show")
        .values({
          id,
          name: show.name,
          start_date: show.startDate,
          end_date: show.endDate,
          location: show.location,
          sanctioning_org: show.sanctioningOrg,
          is_ai_prediction: 0,
          created_at: nowIso(),
        })
        .execute();
      created.push({ id, name: show.name, location: show.location });
      result.created++;
    }
    // Each person hears once, however many shows came in: one show by name, several as a summary.
    const announced = await announceNewShows(
      trx,
      created,
      importId ? { importId: `${_admin.id}:${importId}` } : {},
    );
    if (announced) out.push(announced);
    return out;
  });
  await publishQuietly(deps.bus, oneNotice(events), deps.log);
  return result;
}
