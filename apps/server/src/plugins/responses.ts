import { errorEnvelopeSchema } from '@parley/contracts';
import { type FastifyInstance, type RouteOptions } from 'fastify';
import { z } from 'zod';
import { requireAdmin, requireAuth, requireVerified } from './session.js';

/** The error statuses a route can answer, each with the one error envelope (issue 32 §2). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * The error responses a route declares beside its success: `response: { 200: …, ...errorResponses(404, 409) }`.
 * Only what the route itself can answer; the statuses every route of its kind answers are added by
 * `declareCommonErrors` (the same envelope, compiled by the serializer like any response).
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<S, typeof errorEnvelopeSchema>;
}

type FileBody = string | Buffer | NodeJS.ReadableStream;
/** Where the OpenAPI transform (plugins/docs.ts) finds the media types a non-JSON success is sent as. */
export const MEDIA_TYPES_KEY = 'x-media-types';
const binary = (description: string, mediaTypes: [string, ...string[]]) =>
  z.custom<FileBody>(() => true).meta({ type: 'string', format: 'binary', description, [MEDIA_TYPES_KEY]: mediaTypes });

/**
 * Bodies that are not JSON (a script, an image, a PDF, a download): declared with their real media types, which
 * the OpenAPI document lists as the response's content (issue 32 §2). Fastify sends a string, Buffer or stream
 * with its own content type as it is, never through the serializer.
 */
export const javascriptResponse = binary('JavaScript', ['application/javascript']);
export const svgResponse = binary('An SVG image', ['image/svg+xml']);
export const htmlResponse = binary('An HTML page', ['text/html']);
export const pdfResponse = binary('A PDF document', ['application/pdf']);
export const csvResponse = binary('A CSV file (UTF-8)', ['text/csv']);
export const zipResponse = binary('A ZIP archive', ['application/zip']);
/** A chat attachment as uploaded (images inline, everything else a download; HTML only ever as octet-stream). */
export const attachmentResponse = binary('The attachment, with the content type it was uploaded as', [
  'image/*',
  'audio/*',
  'video/*',
  'application/pdf',
  'text/plain',
  'application/octet-stream',
]);

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const GUARDS: readonly unknown[] = [requireAuth, requireVerified, requireAdmin];

/** Whether the route answers only a signed-in caller (its OpenAPI `security`, its 401). */
export function isGuarded(route: Pick<RouteOptions, 'url' | 'preHandler' | 'onRequest' | 'preValidation'>): boolean {
  if (route.url.startsWith('/api/admin')) return true;
  const handlers = [route.preHandler, route.onRequest, route.preValidation].flat();
  return handlers.some((handler) => GUARDS.includes(handler));
}

/**
 * The statuses any route of a kind answers, whatever it does (derived from its declaration, so a new route
 * gets them without listing them):
 * - every /api route: 400 (malformed request, NUL bytes), 429 (global rate limit), 500, 503 (database away);
 * - a route reading input (body, query or path schema): 422;
 * - an unsafe method: 403 (CSRF), 413 and 415 (body too large, not JSON);
 * - a guarded route (`requireAuth`/`requireVerified`/`requireAdmin`, every /api/admin route): 401 and 403.
 */
export function commonErrorStatuses(route: Pick<RouteOptions, 'url' | 'method' | 'schema' | 'preHandler' | 'onRequest' | 'preValidation'>): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 429, 500, 503];
  const schema = route.schema ?? {};
  if (schema.body || schema.querystring || schema.params) statuses.push(422);
  const unsafe = [route.method].flat().some((method) => UNSAFE.has(method));
  if (unsafe) statuses.push(403, 413, 415);
  if (isGuarded(route)) statuses.push(401, 403);
  return [...new Set(statuses)].sort((a, b) => a - b);
}

/**
 * Adds the common error responses to every /api route (register before the modules, so every route passes
 * through it). A route's own declaration of a status wins.
 */
export function declareCommonErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    for (const status of commonErrorStatuses(route)) response[status] ??= errorEnvelopeSchema;
  });
}
