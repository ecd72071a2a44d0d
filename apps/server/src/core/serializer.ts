import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Stringify = (data: unknown) => string;

/** The zod schema of a route's response entry (`z.object(…)` or `{ properties: z.object(…) }`). */
function zodOf(schema: unknown): ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

// Compiled once per schema object: every app of the process (tests build many) shares them.
const compiled = new WeakMap<ZodType, Stringify>();

/**
 * The response schema compiled by fast-json-stringify from its JSON Schema (zod's own
 * conversion, as the output type): it writes only the declared fields, in code generated once.
 * A schema that JSON Schema cannot express (a transform, a date) fails here, at start-up.
 */
export function compileStringify(schema: ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', reused: 'inline' });
    stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Stringify;
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * Responses are written by the compiled serializer and not checked in production. With `validate`
 * (tests), each one is also parsed by its zod schema — a wrong shape throws, as a route answering
 * something its contract does not declare must — and the compiled output must equal what zod's
 * parse gives: a field the serializer would drop or coerce (a union branch, a record, a date)
 * fails the test that reaches it.
 */
export function createSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: routeSchema, method, url }) => {
    const schema = zodOf(routeSchema);
    const stringify = compileStringify(schema);
    if (!options.validate) return stringify;
    return (data: unknown) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const json = stringify(data);
      const expected = JSON.parse(JSON.stringify(parsed.data));
      if (!isDeepStrictEqual(JSON.parse(json), expected)) {
        throw new Error(
          `compiled serializer of ${method} ${url} differs from the zod output:\n${json}\n${JSON.stringify(expected)}`,
        );
      }
      return json;
    };
  };
}
