import { format } from "date-fns";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { IdParam } from "#domain/contracts/people.ts";
import {
  CreateRecordBody,
  PastShowClasses,
  PastShowList,
  PastShowQuery,
  ShowRecord,
  ShowRecordList,
} from "#domain/contracts/records.ts";
import type { Db } from "#server/db/client.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import {
  addRecord,
  horseRecords,
  myRecords,
  pastShowClasses,
  pastShowRevision,
  suggestPastShows,
} from "./records.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const params = z.strictObject({ id: IdParam });
const today = () => format(new Date(), "yyyy-MM-dd");

export async function recordRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const classLists = createVersionedJsonCache({ maxEntries: 200 });

  r.get(
    "/api/records",
    {
      schema: {
        tags: ["records"],
        summary: "Your show records",
        response: { 200: ShowRecordList, ...errors },
      },
    },
    async (request) => myRecords(db, await app.requireViewer(request)),
  );

  r.post(
    "/api/records",
    {
      config: { idempotent: true },
      schema: {
        tags: ["records"],
        summary: "Add Show Record: a result from a past show, for one of your own horses",
        body: CreateRecordBody,
        response: { 201: ShowRecord, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      return reply.status(201).send(await addRecord(db, viewer, request.body));
    },
  );

  r.get(
    "/api/horses/:id/records",
    {
      schema: {
        tags: ["records"],
        summary: "A horse's show records",
        params,
        response: { 200: ShowRecordList, ...errors },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      return horseRecords(db, viewer, request.params.id);
    },
  );

  r.get(
    "/api/records/past-shows",
    {
      schema: {
        tags: ["records"],
        summary: "Show-name autocomplete: past shows (ended before today) once q is over 2 characters",
        querystring: PastShowQuery,
        response: { 200: PastShowList, ...errors },
      },
    },
    async (request) => {
      await app.requireViewer(request);
      return suggestPastShows(db, request.query.q, today());
    },
  );

  r.get(
    "/api/records/past-shows/:id/classes",
    {
      schema: {
        tags: ["records"],
        summary: "The classes of a past show, for the record's class choice (ETag: send If-None-Match)",
        params,
        response: { 200: PastShowClasses, ...errors },
      },
    },
    async (request, reply) => {
      await app.requireViewer(request);
      const { id } = request.params;
      const revision = await pastShowRevision(db, id, today());
      return classLists.send(request, reply, id, revision, async () =>
        String(reply.serialize(await pastShowClasses(db, id, today()))),
      );
    },
  );
}
