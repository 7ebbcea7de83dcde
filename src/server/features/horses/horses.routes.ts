import multipart from "@fastify/multipart";
import { format } from "date-fns";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  CreateHorseBody,
  HorseDetail,
  HorseDetailsBody,
  HorseList,
  HorseOwnershipBody,
  HorseSchedule,
  PictureResult,
} from "#domain/contracts/horses.ts";
import { IdParam } from "#domain/contracts/people.ts";
import type { Db } from "#server/db/client.ts";
import { multipartOptions, readUpload } from "#server/platform/images.ts";
import {
  changeHorsePicture,
  createHorse,
  editHorseDetails,
  editOwnership,
  getHorseDetail,
  getHorseSchedule,
  listMyHorses,
} from "./horses.service.ts";

const params = z.strictObject({ id: IdParam });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export async function horseRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  await app.register(multipart, multipartOptions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    "/api/horses",
    {
      schema: {
        tags: ["horses"],
        summary: "Your Horses: the horses you own",
        response: { 200: HorseList, ...errors },
      },
    },
    async (request) => listMyHorses(db, await app.requireViewer(request)),
  );

  r.post(
    "/api/horses",
    {
      schema: {
        tags: ["horses"],
        summary: "Add New Horse; the creator becomes an owner",
        body: CreateHorseBody,
        response: { 201: HorseDetail, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      return reply.status(201).send(await createHorse(db, viewer, request.body));
    },
  );

  r.get(
    "/api/horses/:id",
    {
      schema: {
        tags: ["horses"],
        summary: "Horse detail",
        params,
        response: { 200: HorseDetail, ...errors },
      },
    },
    async (request) => getHorseDetail(db, await app.requireViewer(request), request.params.id),
  );

  r.put(
    "/api/horses/:id",
    {
      schema: {
        tags: ["horses"],
        summary: "Edit a horse's details (its owners or trainers)",
        params,
        body: HorseDetailsBody,
        response: { 200: HorseDetail, ...errors },
      },
    },
    async (request) =>
      editHorseDetails(db, await app.requireViewer(request), request.params.id, request.body),
  );

  r.put(
    "/api/horses/:id/ownership",
    {
      schema: {
        tags: ["horses"],
        summary: "Edit Ownership & Training (owners only)",
        params,
        body: HorseOwnershipBody,
        response: { 200: HorseDetail, ...errors },
      },
    },
    async (request) => editOwnership(db, await app.requireViewer(request), request.params.id, request.body),
  );

  r.put(
    "/api/horses/:id/picture",
    {
      schema: {
        tags: ["horses"],
        summary: "Change Picture (owners or trainers): multipart/form-data with one image file, up to 10 MB",
        consumes: ["multipart/form-data"],
        params,
        response: { 200: PictureResult, ...errors, 413: ErrorBody },
      },
    },
    async (request) =>
      changeHorsePicture(db, await app.requireViewer(request), request.params.id, () => readUpload(request)),
  );

  r.get(
    "/api/horses/:id/schedule",
    {
      schema: {
        tags: ["horses"],
        summary: "Share Schedule: the horse's upcoming I'm Showing and My Horse is Showing classes",
        params,
        response: { 200: HorseSchedule, ...errors },
      },
    },
    async (request) => {
      await app.requireViewer(request);
      return getHorseSchedule(db, request.params.id, format(new Date(), "yyyy-MM-dd"));
    },
  );
}
