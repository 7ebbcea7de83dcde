import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  ClassEntryParams,
  EntryChoices,
  EntryParams,
  MyEntries,
  SaveEntriesBody,
  ShowEntryParams,
} from "#domain/contracts/entries.ts";
import {
  type EntriesDeps,
  getEntryChoices,
  getMyClassEntries,
  getMyShowEntries,
  removeClassEntries,
  removeEntry,
  saveClassEntries,
} from "./entries.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The viewer's own class entries: nobody can read or change another user's entries through these. */
export async function entryRoutes(app: FastifyInstance, deps: Omit<EntriesDeps, "log">): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const withLog = (): EntriesDeps => ({ ...deps, log: app.log });

  r.get(
    "/api/entries/choices",
    {
      schema: {
        tags: ["entries"],
        summary: "What the entry dialog's horse, rider and customer choosers offer the user",
        response: { 200: EntryChoices, 401: ErrorBody },
      },
    },
    async (request) => getEntryChoices(deps.db, await app.requireViewer(request)),
  );

  r.get(
    "/api/shows/:showId/entries",
    {
      schema: {
        tags: ["entries"],
        summary: "The user's own entries at a show (the class row icons)",
        params: ShowEntryParams,
        response: { 200: MyEntries, ...errors },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      return { entries: await getMyShowEntries(deps.db, viewer, request.params.showId) };
    },
  );

  r.get(
    "/api/shows/:showId/classes/:classId/entries",
    {
      schema: {
        tags: ["entries"],
        summary: "The user's own entries for one class (what the dialog opens with)",
        params: ClassEntryParams,
        response: { 200: MyEntries, ...errors },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const { showId, classId } = request.params;
      return { entries: await getMyClassEntries(deps.db, viewer, showId, classId) };
    },
  );

  r.put(
    "/api/shows/:showId/classes/:classId/entries",
    {
      config: { idempotent: true },
      schema: {
        tags: ["entries"],
        summary: "Replaces all of the user's entries for the class with the selected set",
        params: ClassEntryParams,
        body: SaveEntriesBody,
        response: { 200: MyEntries, ...errors, 429: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const { showId, classId } = request.params;
      return { entries: await saveClassEntries(withLog(), viewer, showId, classId, request.body.entries) };
    },
  );

  r.delete(
    "/api/shows/:showId/classes/:classId/entries",
    {
      config: { idempotent: true },
      schema: {
        tags: ["entries"],
        summary: "Remove all from Roster: deletes all of the user's entries for the class",
        params: ClassEntryParams,
        response: { 200: z.object({ removed: z.number().int().nonnegative() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const { showId, classId } = request.params;
      return { removed: await removeClassEntries(deps.db, viewer, showId, classId) };
    },
  );

  r.delete(
    "/api/entries/:entryId",
    {
      config: { idempotent: true },
      schema: {
        tags: ["entries"],
        summary: "Removes one of the user's entries (such as one another person's entry mirrored onto them)",
        params: EntryParams,
        response: { 200: z.object({ removed: z.number().int().nonnegative() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      return { removed: await removeEntry(deps.db, viewer, request.params.entryId) };
    },
  );
}
