import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Every answer is written by its route's response schema. fastify-type-provider-zod encodes the
// value through the zod schema, then JSON.stringify writes it: two walks over every answer. A
// serializer compiled from the schema's JSON Schema (fast-json-stringify, what Fastify uses for
// JSON Schemas) writes the same text in one walk, half the time on a page of 25 games.

type Write = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/** The zod schema of a route's answer, as fastify-type-provider-zod accepts it. */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  return wrapped instanceof z.ZodType ? wrapped : undefined;
}

// Compiled once per schema in the process: the error answers are shared by every route, and test
// apps are built many times over the same schemas.
const compiled = new WeakMap<z.ZodType, Write | null>();

/**
 * fast-json-stringify's writer of what the schema describes, or null when the schema says more
 * than JSON Schema can (a transform or a codec: only zod can encode those).
 */
function compiledWriter(schema: z.ZodType): Write | null {
  let writer = compiled.get(schema);
  if (writer === undefined) {
    try {
      const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
      writer = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as Write;
    } catch {
      writer = null;
    }
    compiled.set(schema, writer);
  }
  return writer;
}

/**
 * The serializer compiler of the app: the writer compiled from each response schema, built on the
 * route's first answer; zod's encoding where the schema cannot be compiled. With `check`, every
 * answer is written both ways and a difference fails the request, so the suites hold the compiled
 * writers to zod's answers: the same values, the same keys left out (an object's keys may come in
 * another order).
 */
export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    const zodWrite = zodSerializerCompiler(route as never) as Write;
    const schema = zodSchemaOf(route.schema);
    if (!schema) return zodWrite;
    let write: Write | undefined;
    return (data: unknown) => {
      write ??= compiledWriter(schema) ?? zodWrite;
      if (!check || write === zodWrite) return write(data);
      const expected = zodWrite(data);
      const written = write(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`The compiled serializer of ${route.method} ${route.url} wrote ${written} where zod wrote ${expected}`);
      }
      return written;
    };
  };
}
