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

type JsonSchema = { [keyword: string]: unknown };
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A union of branches of different JSON types (a nullable object, a text-or-number winner, a
 * setting's value) as one schema with a list of types: fast-json-stringify writes such a value by
 * its type, where for `anyOf` it runs a JSON Schema validator over each branch for every value.
 * Branches of one type (two object shapes) stay a union.
 */
function mergedUnion(branches: JsonSchema[]): JsonSchema | undefined {
  const types = branches.map((branch) => branch.type);
  if (!types.every((type) => typeof type === 'string') || new Set(types).size !== types.length) return undefined;
  const structured = branches.filter((branch) => branch.type === 'object' || branch.type === 'array');
  if (structured.length > 1) return undefined;
  return { ...structured[0], type: types };
}

/** The schema with every union `mergedUnion` can merge merged, at any depth. */
function withMergedUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withMergedUnions);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    // `properties`, `$defs` and `definitions` map names to schemas; `enum` and `const` hold values.
    if (keyword === 'enum' || keyword === 'const' || keyword === 'required') out[keyword] = value;
    else if ((keyword === 'properties' || keyword === '$defs' || keyword === 'definitions') && isSchema(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withMergedUnions(sub)]));
    } else out[keyword] = withMergedUnions(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.every(isSchema) && Object.keys(out).length === 1) {
    return mergedUnion(branches) ?? out;
  }
  return out;
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
      writer = fastJsonStringify(withMergedUnions(jsonSchema) as Parameters<typeof fastJsonStringify>[0]) as Write;
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
