import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationDoc } from './docs.operations.js';
import { isGuarded, MEDIA_TYPES_KEY } from './responses.js';

type Transform = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

/** `GET /api/topics/{id}/check-terms` → `getTopicsIdCheckTerms` (an operation the table below does not name). */
export function defaultOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[/\-_.{}:]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** `POST /api/topics/{id}/accept-terms` → `Topics: accept terms (by id)`. */
export function defaultSummary(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const params = parts.filter((p) => p.startsWith('{') || p.startsWith(':')).map((p) => p.replace(/[{}:]/g, ''));
  const words = parts.filter((p) => !(p.startsWith('{') || p.startsWith(':'))).map((p) => p.replace(/[-_.]/g, ' '));
  const [head = '', ...rest] = words;
  const verb = { GET: rest.length ? '' : 'read', POST: '', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[method] ?? '';
  const action = [verb, ...rest].filter(Boolean).join(' ') || 'read';
  const subject = head ? head[0]!.toUpperCase() + head.slice(1) : 'Site';
  return `${subject}: ${action}${params.length ? ` (by ${params.join(', ')})` : ''}`;
}

/**
 * A non-JSON success (plugins/responses.ts: a PDF, CSV, ZIP, page, image, attachment) is listed under its real
 * media types instead of application/json.
 */
function withMediaTypes(responses: Record<string, JsonSchema>) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const schema = { type: 'string', format: 'binary' };
      const binaryContent = (mediaTypes: string[]) => Object.fromEntries(mediaTypes.map((type) => [type, { schema }]));
      const mediaTypes = response[MEDIA_TYPES_KEY];
      if (Array.isArray(mediaTypes)) return [status, { description: response.description, content: binaryContent(mediaTypes as string[]) }];
      // JSON or a file by the caller's choice (`envelope.or(csvResponse)`): each under its own media type.
      const members = Array.isArray(response.anyOf) ? (response.anyOf as JsonSchema[]) : [];
      const files = members.filter((member) => Array.isArray(member[MEDIA_TYPES_KEY]));
      const json = members.filter((member) => !Array.isArray(member[MEDIA_TYPES_KEY]));
      if (files.length === 0 || json.length !== 1) return [status, response];
      const content = { 'application/json': { schema: json[0] }, ...binaryContent(files.flatMap((file) => file[MEDIA_TYPES_KEY] as string[])) };
      return [status, { description: response.description ?? 'JSON, or the file the query asks for', content }];
    }),
  );
}

/**
 * OpenAPI per operation: meaningful ids, summaries and examples (docs.operations.ts; a fallback from the
 * path for the rest), the security the route really has (a guarded route: bearer or cookie; the rest: none).
 */
function transform(input: Transform) {
  const result = jsonSchemaTransform(input);
  const route = (input as Transform & { route?: RouteOptions }).route;
  const method = [route?.method ?? 'GET'].flat()[0]!;
  const url = input.url;
  const doc = operationDoc(method, url);
  const schema = { ...(result.schema as JsonSchema) };
  schema.operationId = doc?.operationId ?? defaultOperationId(method, url);
  schema.summary = doc?.summary ?? defaultSummary(method, url);
  if (schema.response && typeof schema.response === 'object') schema.response = withMediaTypes(schema.response as Record<string, JsonSchema>);
  schema.security = route && isGuarded({ ...route, url }) ? [{ bearer: [] }, { cookie: [] }] : [];
  if (doc?.body && !schema.body) schema.body = z.toJSONSchema(doc.body, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' });
  if (doc?.example && schema.body && typeof schema.body === 'object') schema.body = { ...(schema.body as JsonSchema), examples: [doc.example] };
  if (doc?.queryExample && schema.querystring && typeof schema.querystring === 'object') {
    const query = schema.querystring as JsonSchema & { properties?: Record<string, JsonSchema> };
    const properties = Object.fromEntries(
      Object.entries(query.properties ?? {}).map(([name, property]) => [
        name,
        name in doc.queryExample! ? { ...property, example: doc.queryExample![name] } : property,
      ]),
    );
    schema.querystring = { ...query, properties };
  }
  return { schema, url };
}

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs (issue 32: linted by redocly in CI). */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parley API',
        version: '1.0.0',
        description:
          'Envelope: {status, payload, message, errors}. Cookie sessions need the X-XSRF-TOKEN header on unsafe methods; bearer tokens do not. ' +
          'Every error answers the same envelope with status ERROR and a `code` (docs/API.md).',
        license: { name: 'Proprietary', url: 'https://parley.example/terms' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'parley_session' } } },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
