import { isDeepStrictEqual } from "node:util";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";

type Compiler = FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }>;

/**
 * How responses with a schema become JSON.
 *
 * In production: plain `JSON.stringify`. Parsing every response with zod costs CPU on every call
 * (about a millisecond for a 600-class show) and only re-checks what the handler built.
 *
 * With `validate` (the test suite): the response must pass its zod schema AND the schema must keep
 * every field the handler returned, so a test fails both when a response breaks its contract and
 * when production would send a field the schema would have stripped (a leaked column, say).
 * Either way the bytes sent are the same `JSON.stringify` of what the handler returned.
 */
export function responseSerializer(opts: { validate: boolean }): Compiler {
  if (!opts.validate) return () => (data) => JSON.stringify(data);
  return (route) => {
    const checked = zodSerializerCompiler(route);
    return (data) => {
      const validated = checked(data);
      const sent = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(validated), JSON.parse(sent))) {
        throw new Error(
          `${route.method} ${route.url}: the response has fields its schema does not declare; production would send them.`,
        );
      }
      return sent;
    };
  };
}
