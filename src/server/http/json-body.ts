import type { FastifyInstance } from "fastify";
import { securityTexts } from "#domain/texts/security.ts";
import { badRequest } from "#server/platform/errors.ts";

/**
 * How deep a JSON body may nest (arrays and objects together). The deepest body any route takes is a
 * handful of levels (a show with its classes and their sessions); 64 leaves room, and keeps every walk
 * of a parsed body (the control-character check, zod, the idempotency fingerprint) far from the stack's
 * limit. The catalogue's message names the figure.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `text` opens more than `max` arrays and objects inside one another, brackets inside strings
 * not counted. One pass over the characters, no parsing and no recursion; text that is not JSON is left
 * for the parser to refuse.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused) behind the nesting check, for every route:
 * a body nested past MAX_JSON_DEPTH is refused with 400 before it is parsed, so nothing downstream can
 * run out of stack on it (issue 31, item 2).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonNestingExceeds(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(securityTexts.nestedTooDeep), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
