import { type FastifyReply } from 'fastify';
import { type FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type SchemaLike = z.ZodType | { properties?: unknown };

const toZod = (schema: SchemaLike): z.ZodType => {
  if (schema instanceof z.ZodType) return schema;
  if (schema.properties instanceof z.ZodType) return schema.properties;
  throw new Error(`response schemas are zod schemas: ${JSON.stringify(schema)}`);
};

/** The JSON Schema fast-json-stringify compiles: zod's output side (what the server writes). */
export const responseJsonSchema = (schema: SchemaLike) =>
  z.toJSONSchema(toZod(schema), { io: 'output', target: 'draft-07', unrepresentable: 'any' }) as Record<string, unknown>;

/**
 * Response schemas (zod, from packages/contracts) compile once into a fast-json-stringify function:
 * a response is written by generated code instead of zod-checked then JSON.stringify'd, and only the
 * declared fields leave the server.
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();
export const compiledSerializerCompiler: FastifySerializerCompiler<SchemaLike> = ({ schema }) => {
  // One compilation per schema object and process: the shared error envelope is declared on every route
  // (issue 32), and tests build many apps.
  const zod = toZod(schema);
  let serialize = compiled.get(zod);
  if (!serialize) {
    serialize = fastJson(responseJsonSchema(zod));
    compiled.set(zod, serialize);
  }
  return serialize;
};

/**
 * Sends JSON the route's serializer already wrote (`reply.serialize`), e.g. kept in a cache: Fastify
 * sends a string with a JSON content type as it is. Typed routes declare objects, hence the plain reply.
 */
export function sendSerialized(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
