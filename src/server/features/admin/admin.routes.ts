import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ERROR_CODES, ErrorBody } from "#domain/app/errors.ts";
import {
  AdminHorse,
  AdminHorseBody,
  AdminHorseListQuery,
  AdminHorsePage,
  AdminIdParams,
  AdminShowListQuery,
  AdminShowPage,
  AdminUser,
  AdminUserBody,
  AdminUserCreated,
  AdminUserListQuery,
  AdminUserPage,
  CalendarImportBody,
  CalendarImportResult,
  CalendarPreview,
  CalendarUrlBody,
  Deleted,
  DeleteUserQuery,
  SoleHorses,
} from "#domain/contracts/admin.ts";
import { sessionEnded } from "#server/auth/session-end.ts";
import { todayYmd } from "#server/features/shows/shows.service.ts";
import { AppError } from "#server/platform/errors.ts";
import { IMAGE_ERRORS, multipartOptions, readUpload } from "#server/platform/images.ts";
import {
  type AdminDeps,
  addHorse,
  addUser,
  editHorse,
  editUser,
  listHorsesPage,
  listShowsPage,
  listSoleHorses,
  listUsersPage,
  removeHorse,
  removeUser,
} from "./admin.service.ts";
import { importCalendarShows, previewCalendarFile, previewCalendarUrl } from "./calendar.service.ts";
import { CALENDAR_ERRORS, calendarTooLarge } from "./calendar-files.ts";

/** Where the emailed sign-in link lands: the roster (the client's magic-link form uses the same). */
const SIGN_IN_CALLBACK = "/roster";
const SIGN_IN_ERROR_CALLBACK = "/auth";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The calendar file of a multipart request, with messages about calendars rather than pictures. */
async function readCalendarUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    return await readUpload(request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.statusCode === 413) throw calendarTooLarge();
    if (error.message === IMAGE_ERRORS.missing) {
      throw new AppError(400, ERROR_CODES.badRequest, "Choose a calendar file (.ics or .csv) to upload.");
    }
    if (error.message === IMAGE_ERRORS.notMultipart) {
      throw new AppError(400, ERROR_CODES.badRequest, "Send the calendar file as multipart/form-data.");
    }
    throw new AppError(error.statusCode, error.code, CALENDAR_ERRORS.notCalendar);
  }
}

/**
 * Admin Panel, Data Management (users, horses) and the season-calendar import. Every route checks the
 * Admin role on the server; the services hold the rules (admins are never deleted, one admin always
 * remains, the horse form's people rules).
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, multipartOptions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth, sessions, events, config, heavy } = app.deps;
  const deps: AdminDeps = {
    db,
    log: app.log,
    forgetUsers: (ids) => sessions.forgetUsers(ids),
    sessionsEnded: async (ended) => {
      for (const session of ended) await sessionEnded(events, app.log, session);
    },
    sendSignInLink: async (email) => {
      await auth.api.signInMagicLink({
        body: { email, callbackURL: SIGN_IN_CALLBACK, errorCallbackURL: SIGN_IN_ERROR_CALLBACK },
        headers: new Headers(),
      });
    },
  };
  const admin = (request: FastifyRequest) => app.requireViewer(request, "Admin");

  r.get(
    "/api/admin/users",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Users a page at a time, by name or by sort (name, email; a minus for descending); q matches every word in the name or email (Admin)",
        querystring: AdminUserListQuery,
        response: { 200: AdminUserPage, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return listUsersPage(db, request.query);
    },
  );

  r.post(
    "/api/admin/users",
    {
      schema: {
        tags: ["admin"],
        summary: "Adds a user (Admin); they get a sign-in link by email",
        body: AdminUserBody,
        response: { 201: AdminUserCreated, ...errors, 502: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await addUser(deps, await admin(request), request.body)),
  );

  r.put(
    "/api/admin/users/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Edits a user (Admin): name, email, roles, gender, date of birth; one admin always remains",
        params: AdminIdParams,
        body: AdminUserBody,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (request) => editUser(deps, await admin(request), request.params.id, request.body),
  );

  r.get(
    "/api/admin/users/:id/sole-horses",
    {
      schema: {
        tags: ["admin"],
        summary: "The horses a user is the only owner of, asked about before deleting them (Admin)",
        params: AdminIdParams,
        response: { 200: SoleHorses, ...errors },
      },
    },
    async (request) => listSoleHorses(deps.db, await admin(request), request.params.id),
  );

  r.delete(
    "/api/admin/users/:id",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deletes a user and all that is theirs (Admin); admins cannot be deleted. Horses they alone own go to another user (horses=transfer&to=…) or are deleted (horses=delete); without that choice the deletion is refused (409)",
        params: AdminIdParams,
        querystring: DeleteUserQuery,
        response: { 200: Deleted, ...errors },
      },
    },
    async (request) => removeUser(deps, await admin(request), request.params.id, request.query),
  );

  r.get(
    "/api/admin/horses",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Every horse with owners and trainers, a page at a time, by name or by sort (name, dateOfBirth; a minus for descending) (Admin)",
        querystring: AdminHorseListQuery,
        response: { 200: AdminHorsePage, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return listHorsesPage(db, request.query);
    },
  );

  r.get(
    "/api/admin/shows",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Upcoming or past shows, a page at a time, by the period's date order or by sort (startDate, name, location; a minus for descending) (Admin)",
        querystring: AdminShowListQuery,
        response: { 200: AdminShowPage, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return listShowsPage(db, request.query, todayYmd());
    },
  );

  r.post(
    "/api/admin/horses",
    {
      schema: {
        tags: ["admin"],
        summary: "Adds a horse (Admin): owners are not admins, trainers hold the Trainer role",
        body: AdminHorseBody,
        response: { 201: AdminHorse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addHorse(db, await admin(request), request.body)),
  );

  r.put(
    "/api/admin/horses/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Edits a horse and its owners and trainers (Admin)",
        params: AdminIdParams,
        body: AdminHorseBody,
        response: { 200: AdminHorse, ...errors },
      },
    },
    async (request) => editHorse(db, await admin(request), request.params.id, request.body),
  );

  r.delete(
    "/api/admin/horses/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Deletes a horse with its entries and records (Admin)",
        params: AdminIdParams,
        response: { 200: Deleted, ...errors },
      },
    },
    async (request) => removeHorse(db, await admin(request), request.params.id),
  );

  const previewErrors = { ...errors, 413: ErrorBody, 422: ErrorBody, 503: ErrorBody };

  r.post(
    "/api/admin/calendar/preview",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Reads an uploaded season calendar (.ics or CSV, multipart/form-data, up to 2 MB) and says what an import would do (Admin)",
        consumes: ["multipart/form-data"],
        response: { 200: CalendarPreview, ...previewErrors },
      },
    },
    async (request) => {
      const viewer = await admin(request);
      return previewCalendarFile({ db, heavy }, viewer, () => readCalendarUpload(request));
    },
  );

  r.post(
    "/api/admin/calendar/preview-url",
    {
      schema: {
        tags: ["admin"],
        summary: "Fetches a season calendar from a public URL and previews it (Admin)",
        body: CalendarUrlBody,
        response: { 200: CalendarPreview, ...previewErrors },
      },
    },
    async (request) =>
      previewCalendarUrl({ db, heavy }, await admin(request), request.body.url, {
        allowPrivate: config.importAllowPrivateUrls,
      }),
  );

  r.post(
    "/api/admin/calendar/import",
    {
      schema: {
        tags: ["admin"],
        summary: "Imports previewed shows, at most 100 per request, never duplicating one (Admin)",
        body: CalendarImportBody,
        response: { 200: CalendarImportResult, ...errors },
      },
    },
    async (request) =>
      importCalendarShows(
        { db, bus: events, log: app.log },
        await admin(request),
        request.body.shows,
        request.body.existing ?? "skip",
        request.body.importId,
      ),
  );
}
