import { Readable } from "node:stream";
import { addDays, format } from "date-fns";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { horseNameColumns } from "#server/features/horses/horses.repository.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { TEST_ORIGIN } from "#tests/support/server.ts";

let counter = 0;

export const daysFromToday = (offset: number): string => format(addDays(new Date(), offset), "yyyy-MM-dd");

export interface TestHorseInput {
  name?: string;
  gender?: string | null;
  dateOfBirth?: string;
  canters?: boolean;
  owners?: string[];
  trainers?: string[];
  divisions?: string[];
}

/** Inserts a horse with its owners, trainers and divisions straight through the data layer. */
export async function buildHorse(app: FastifyInstance, input: TestHorseInput = {}) {
  counter += 1;
  const id = newId();
  const horse = {
    id,
    name: input.name ?? `Test Horse ${counter}`,
    gender: input.gender === undefined ? "Mare" : input.gender,
    dateOfBirth: input.dateOfBirth ?? "2018-04-01",
  };
  await app.deps.db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("horse")
      .values({
        id,
        ...horseNameColumns(horse.name),
        gender: horse.gender,
        date_of_birth: horse.dateOfBirth,
        canters: input.canters ? 1 : 0,
        picture_id: null,
        created_at: nowIso(),
      })
      .execute();
    for (const [table, ids] of [
      ["horse_owner", input.owners ?? []],
      ["horse_trainer", input.trainers ?? []],
    ] as const) {
      if (ids.length > 0) {
        await trx
          .insertInto(table)
          .values(ids.map((user_id) => ({ horse_id: id, user_id })))
          .execute();
      }
    }
    if (input.divisions?.length) {
      await trx
        .insertInto("horse_division")
        .values(input.divisions.map((division_id) => ({ horse_id: id, division_id })))
        .execute();
    }
  });
  return horse;
}

/** A show with numbered classes `class-1..n`; `dated` gives each class the start date plus `dayOf(i)`. */
export async function buildPlainShow(
  app: FastifyInstance,
  input: {
    name?: string;
    startOffset: number;
    days?: number;
    classes?: number;
    classDate?: (index: number) => string | null;
  },
) {
  counter += 1;
  const id = newId();
  const show = {
    id,
    name: input.name ?? `Plain Show ${counter}`,
    startDate: daysFromToday(input.startOffset),
    endDate: daysFromToday(input.startOffset + (input.days ?? 1) - 1),
  };
  const n = input.classes ?? 3;
  await app.deps.db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("show")
      .values({
        id,
        name: show.name,
        start_date: show.startDate,
        end_date: show.endDate,
        location: "Shelbyville, TN",
        sanctioning_org: null,
        is_ai_prediction: 0,
        created_at: nowIso(),
      })
      .execute();
    await trx
      .insertInto("show_class")
      .values(
        Array.from({ length: n }, (_, i) => ({
          show_id: id,
          id: `class-${i + 1}`,
          position: i,
          number: String(i + 1),
          name: `Class Number ${i + 1}`,
          date: input.classDate?.(i) ?? null,
          division_id: null,
        })),
      )
      .execute();
  });
  return show;
}

export async function buildEntry(
  app: FastifyInstance,
  input: { userId: string; showId: string; classId: string; status: string; horseId?: string | null },
) {
  await app.deps.db.db
    .insertInto("class_entry")
    .values({
      id: newId(),
      user_id: input.userId,
      show_id: input.showId,
      class_id: input.classId,
      status: input.status,
      horse_id: input.horseId ?? null,
      rider_id: null,
      placing: null,
      created_by: input.userId,
      created_at: nowIso(),
    })
    .execute();
}

export async function buildRecord(
  app: FastifyInstance,
  input: {
    ownerId: string;
    horseId: string;
    riderId?: string;
    showName: string;
    className: string;
    placing: string;
  },
) {
  await app.deps.db.db
    .insertInto("show_record")
    .values({
      id: newId(),
      owner_id: input.ownerId,
      show_name: input.showName,
      class_name: input.className,
      show_date: "2024-08-30",
      placing: input.placing,
      horse_id: input.horseId,
      rider_id: input.riderId ?? input.ownerId,
      created_at: nowIso(),
    })
    .execute();
}

/** Sends one file as multipart/form-data, as a browser's FormData would. */
/**
 * PUTs one file as multipart/form-data. `splitAt` sends the body in two network chunks, the first
 * ending after that many bytes of the file (uploads from real clients arrive in pieces).
 */
export function upload(
  app: FastifyInstance,
  url: string,
  file: { bytes: Buffer; filename?: string; contentType?: string; splitAt?: number },
  cookie?: string,
  options: { method?: "PUT" | "POST"; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----ringside${newId().replaceAll("-", "")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? "picture.jpg"}"\r\n` +
      `Content-Type: ${file.contentType ?? "image/jpeg"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return app.inject({
    method: options.method ?? "PUT",
    url,
    headers: {
      origin: TEST_ORIGIN,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(cookie ? { cookie } : {}),
      ...options.headers,
    },
    payload:
      file.splitAt === undefined
        ? Buffer.concat([head, file.bytes, tail])
        : Readable.from([
            Buffer.concat([head, file.bytes.subarray(0, file.splitAt)]),
            Buffer.concat([file.bytes.subarray(file.splitAt), tail]),
          ]),
  });
}

export async function imageCount(app: FastifyInstance): Promise<number> {
  const row = await app.deps.db.db
    .selectFrom("image")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
