import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { Deleted, ReplaceClassesBody } from "#domain/contracts/admin.ts";
import { CreateShowBody, ShowAdminParams, UpdateShowBody } from "#domain/contracts/show-admin.ts";
import { ShowDetail } from "#domain/contracts/shows.ts";
import type { Db } from "#server/db/client.ts";
import type { EventBus } from "#server/platform/events.ts";
import { createShow, deleteShow, replaceShowClasses, updateShow } from "./shows.admin.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Admins create and edit shows; the notifications follow (NewShow, ShowUpdate). */
export async function showAdminRoutes(app: FastifyInstance, opts: { db: Db; bus: EventBus }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: opts.db, bus: opts.bus, log: app.log });

  r.post(
    "/api/shows",
    {
      schema: {
        tags: ["shows"],
        summary: "Creates a show (Admin); everyone is notified",
        body: CreateShowBody,
        response: { 201: ShowDetail, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await app.requireViewer(request, "Admin");
      const show = await createShow(deps(), admin, request.body);
      return reply.status(201).send(show);
    },
  );

  r.patch(
    "/api/shows/:id",
    {
      schema: {
        tags: ["shows"],
        summary: "Updates a show (Admin); users with entries hear of new dates, location or judges",
        params: ShowAdminParams,
        body: UpdateShowBody,
        response: { 200: ShowDetail, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const admin = await app.requireViewer(request, "Admin");
      return updateShow(deps(), admin, request.params.id, request.body);
    },
  );

  r.put(
    "/api/shows/:id/classes",
    {
      schema: {
        tags: ["shows"],
        summary: "Replaces a show's classes (Admin): add, edit, reorder, remove; kept classes keep their ids",
        params: ShowAdminParams,
        body: ReplaceClassesBody,
        response: { 200: ShowDetail, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const admin = await app.requireViewer(request, "Admin");
      return replaceShowClasses(deps(), admin, request.params.id, request.body.classes);
    },
  );

  r.delete(
    "/api/shows/:id",
    {
      schema: {
        tags: ["shows"],
        summary: "Deletes a show (Admin) with its classes and every entry in it",
        params: ShowAdminParams,
        response: { 200: Deleted, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const admin = await app.requireViewer(request, "Admin");
      return deleteShow(deps(), admin, request.params.id);
    },
  );
}
