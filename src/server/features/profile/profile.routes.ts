import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { Me } from "#domain/contracts/auth.ts";
import { PhotoResult, UpdateProfileBody } from "#domain/contracts/profile.ts";
import type { Db } from "#server/db/client.ts";
import { multipartOptions, readUpload } from "#server/platform/images.ts";
import { changePhoto, editProfile } from "./profile.service.ts";

export async function profileRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  await app.register(multipart, multipartOptions);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/profile",
    {
      schema: {
        tags: ["profile"],
        summary: "Edit Profile: name, email (unique, case-insensitive), date of birth, gender",
        body: UpdateProfileBody,
        response: { 200: Me, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const updated = await editProfile(opts.db, viewer, request.body);
      // The viewer (name, email, photo) is cached with the session; every server must see the edit.
      await app.deps.sessions.forgetUsers([viewer.id]);
      return updated;
    },
  );

  r.put(
    "/api/profile/photo",
    {
      schema: {
        tags: ["profile"],
        summary: "Change your photo: multipart/form-data with one image file, up to 10 MB",
        consumes: ["multipart/form-data"],
        response: { 200: PhotoResult, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const result = await changePhoto(opts.db, viewer, () => readUpload(request));
      await app.deps.sessions.forgetUsers([viewer.id]);
      return result;
    },
  );
}
