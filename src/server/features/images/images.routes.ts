import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { IdParam } from "#domain/contracts/people.ts";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/platform/errors.ts";
import { findImage } from "./images.repository.ts";

export async function imageRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/images/:id",
    {
      schema: {
        tags: ["images"],
        summary: "A stored picture (WebP). Ids never change content, so browsers may cache it for a year.",
        params: z.strictObject({ id: IdParam }),
        response: { 200: z.any().describe("The picture as image/webp"), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.requireViewer(request);
      const image = await findImage(opts.db.db, request.params.id);
      if (!image) throw notFound("Picture not found.");
      return reply
        .header("content-type", image.content_type)
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .send(Buffer.from(image.bytes));
    },
  );
}
