import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

// Answers are written from their route's response schema by fast-json-stringify, compiled once per
// route: only the properties the schema declares are written (an object's other keys, a password hash
// say, never leave the server), by a function made for that shape. The schema is the route's zod schema
// as JSON Schema. zod's own serializer checked every answer against the schema and then ran
// JSON.stringify: about 10 µs for one user's record against 1.5 µs here, and it grows with every row of
// a list. It stays for a schema JSON Schema cannot express.

type JsonSchema = Record<string, unknown>;

/** `anyOf: [X, {type: 'null'}]`, zod's nullable, as X whose type also allows null: the form the compiler
 * writes directly instead of trying each branch at run time. */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return {
        ...rest,
        ...other,
        type: [other.type, 'null'],
        ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}),
      };
    }
  }
  return out;
}

/** The route's response schema as fast-json-stringify writes it; null when JSON Schema cannot say it. */
export function responseJsonSchema(schema: $ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Compiled at a route's first answer with a given status, not at start-up: there are some 560 pairs of
 * route and status (most of them errors seldom sent), and compiling them all was some 15% of a start's
 * CPU (docs/performance.md, start-up).
 */
export const serializerCompiler: FastifySerializerCompiler<$ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    if (!serialize) {
      const json = responseJsonSchema(route.schema);
      serialize = json ? fastJson(json) : zodSerializerCompiler(route);
    }
    return serialize(data);
  };
};
