import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { securityTexts } from "#domain/texts/security.ts";
import { badRequest } from "#server/platform/errors.ts";

/** Any C0 control character or DEL: nothing in an id, a path or a query is written with one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const IN_URL = /[\u0000-\u001f\u007f]/;
/** In a JSON body tabs and line breaks are text (zod trims them where a field must not hold them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether any string in `value`, or any key of an object in it, at any depth, matches `pattern`. Walks
 * with a list of its own rather than recursion, so no depth of nesting can run out of stack.
 */
function holds(value: unknown, pattern: RegExp): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (pattern.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next && typeof next === "object") {
      for (const [key, v] of Object.entries(next)) {
        if (pattern.test(key)) return true;
        pending.push(v);
      }
    }
  }
  return false;
}

/**
 * Refuses control characters at the edge of every API route, before validation, handlers or the
 * database see them (issue 19, item 7): PostgreSQL refuses a NUL in text with an error that became a
 * 500, SQLite stored it. No field takes them, so one answer fits every route on both engines.
 * Multipart uploads leave the body empty here: their files are read by their own checks.
 */
export const controlCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    if (holds(request.params, IN_URL) || holds(request.query, IN_URL)) {
      throw badRequest(securityTexts.controlCharacter);
    }
    if (holds(request.body, IN_BODY)) throw badRequest(securityTexts.controlCharacter);
  });
});
