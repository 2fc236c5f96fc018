import { texts, type FieldErrors } from '@parley/contracts';
import { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type ZodType } from 'zod';
import { englishText } from '@parley/contracts/i18n';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, localized, type LocalizedText } from '../lib/app-error.js';
import { rememberText } from './localize.js';

/** Zod issues → the spec's `errors` map (field → messages). */
export function toFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * `produced`: the English texts our error map wrote for issues the schema gave no message (with their key and
 * values), so each field error can be rendered in the request's language.
 */
export function validationFailure(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  produced?: ReadonlyMap<string, LocalizedText>,
): AppError {
  const errors = toFieldErrors(issues);
  const entries = Object.entries(errors);
  const first = entries[0]?.[1][0];
  const firstText = first === undefined ? undefined : produced?.get(first);
  const error = new AppError('VALIDATION', firstText ?? first ?? texts.common.validationFailed, errors);
  if (produced?.size) error.fieldTexts = Object.fromEntries(entries.map(([field, messages]) => [field, messages.map((m) => produced.get(m))]));
  return error;
}

const count = (value: unknown) => Number(value);

/** A catalogue text for a zod issue whose schema set no message of its own (zod's defaults are English only). */
function issueText(issue: {
  code: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  input?: unknown;
  expected?: string;
  path?: readonly PropertyKey[];
}): LocalizedText {
  const collection = issue.origin === 'array' || issue.origin === 'set';
  if (issue.code === 'invalid_type' && issue.input === undefined) return localized('validation.required');
  // `topic_id=abc` (issue 32): a type error naming the field, not a lookup that found nothing.
  if (issue.code === 'invalid_type' && issue.expected === 'number' && issue.path?.length)
    return localized('validation.notANumber', { field: issue.path.map(String).join('.') });
  if (issue.code === 'too_big') {
    const max = count(issue.maximum);
    if (issue.origin === 'string') return localized('validation.tooLong', { max });
    return collection ? localized('validation.tooMany', { max }) : localized('validation.tooLarge', { max });
  }
  if (issue.code === 'too_small') {
    const min = count(issue.minimum);
    if (issue.origin === 'string') return min <= 1 ? localized('validation.required') : localized('validation.tooShort', { min });
    return collection ? localized('validation.tooFew', { min }) : localized('validation.tooSmall', { min });
  }
  return localized('validation.invalid');
}

/** A body the route could not read as JSON fields (issue 32): named, instead of `_: This value is not valid.`. */
function unreadableBody(data: unknown): AppError | undefined {
  if (data === undefined || data === null) return bodyError('BAD_REQUEST', texts.common.bodyRequired);
  if (typeof data === 'string' || Buffer.isBuffer(data)) return bodyError('UNSUPPORTED_MEDIA', texts.common.jsonBodyExpected);
  return undefined;
}

const bodyError = (code: 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA', message: string) => new AppError(code, message, { body: [message] });

/** Request validation with zod: failures become 422 with field errors, zod's default messages replaced by catalogue texts. */
export function zodValidatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const parse = schema as ZodType;
  return (data: unknown) => {
    // Valid input (the hot paths) parses without the error map; a failure parses again to name each issue.
    const first = parse.safeParse(data);
    if (first.success) return { value: first.data };
    const unreadable = httpPart === 'body' ? unreadableBody(data) : undefined;
    if (unreadable) return { error: unreadable };
    const produced = new Map<string, LocalizedText>();
    // A schema's own message wins over this per-parse error map (zod's precedence).
    const result = parse.safeParse(data, {
      error: (issue) => {
        const text = issueText(issue as Parameters<typeof issueText>[0]);
        const english = englishText(text.key, text.params);
        produced.set(english, text);
        return english;
      },
    });
    return result.success ? { value: result.data } : { error: validationFailure(result.error.issues, produced) };
  };
}

const fastifyCodeMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: texts.common.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: texts.common.bodyRequired,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: texts.common.jsonBodyExpected,
  FST_ERR_CTP_BODY_TOO_LARGE: texts.common.payloadTooLarge,
  FST_REQ_FILE_TOO_LARGE: texts.common.payloadTooLarge,
  FST_FILES_LIMIT: texts.common.payloadTooLarge,
  FST_PARTS_LIMIT: texts.common.payloadTooLarge,
  FST_FIELDS_LIMIT: texts.common.payloadTooLarge,
};

/** Walks strings, arrays and plain objects without allocating (it runs on every request with a body). */
const hasNulByte = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasNulByte(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) if (key.includes('\u0000') || hasNulByte((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
};

/** NUL bytes are never valid text (PostgreSQL refuses them): reject them before any handler runs. */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.url.includes('%00') || hasNulByte(request.query) || hasNulByte(request.params) || hasNulByte(request.body)) {
      throw new AppError('BAD_REQUEST', texts.common.malformedBody);
    }
  });
}

const sendAppError = (reply: FastifyReply, error: AppError) => {
  rememberText(reply, error);
  return reply.status(error.statusCode).send({
    status: 'ERROR',
    payload: null,
    message: error.message,
    errors: error.fieldErrors ?? {},
    code: error.code,
    ...error.extra,
  });
};

/** The database (or what wraps its error) could not be reached, or did not answer in time. */
const isUnavailable = (error: unknown, depth = 0): boolean =>
  isDatabaseUnavailable(error) || (depth < 3 && error instanceof Error && error.cause !== undefined && isUnavailable(error.cause, depth + 1));

/** How long a client should wait before trying again while the database is away (seconds). */
const RETRY_AFTER_S = 5;

/**
 * One error handler: AppError → its status; client errors → 4xx envelope; the database away → 503
 * DATABASE_UNAVAILABLE (logged once per outage by the database monitor, not per request); the rest → logged 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (isUnavailable(error)) {
      request.log.debug({ err: error, reqId: request.id }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_S));
      return sendAppError(reply, new AppError('DATABASE_UNAVAILABLE', texts.common.serviceUnavailable));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429
          ? texts.common.rateLimited
          : (fastifyCodeMessages[error.code] ?? (status === 413 ? texts.common.payloadTooLarge : texts.common.malformedBody));
      // A body problem is named on `body` too, where a client looks for field errors (issue 32).
      const errors = error.code?.startsWith('FST_ERR_CTP_') && message !== texts.common.payloadTooLarge ? { body: [message] } : {};
      return reply.status(status).send({ status: 'ERROR', payload: null, message, errors });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ status: 'ERROR', payload: null, message: texts.common.anErrorOccurred, errors: {}, request_id: request.id });
  });

  app.setNotFoundHandler((request, reply) => answerNotFound(app, request, reply));
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods other routes answer on this path (issue 32: a wrong method is 405 with `Allow`, not 404).
 * A router lookup per method, only on the not-found path; catch-alls (the web app's `GET /*`, CORS
 * pre-flights) do not count as a route of the path.
 */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  const allowed: string[] = [];
  for (const method of METHODS) {
    const route = app.findRoute({ method, url: path });
    if (route && !('*' in route.params)) allowed.push(method);
  }
  return allowed;
}

/** 404 in the envelope, or 405 with `Allow` when the path exists for other methods. */
export function answerNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const allowed = allowedMethods(app, request.url).filter((method) => method !== request.method);
  if (allowed.length > 0) {
    reply.header('allow', allowed.join(', '));
    return reply.status(405).send({ ...envelope(texts.common.methodNotAllowed), code: 'METHOD_NOT_ALLOWED' });
  }
  return reply.status(404).send(envelope(texts.common.routeNotFound));
}

const envelope = (message: string) => ({ status: 'ERROR' as const, payload: null, message, errors: {} });

/**
 * Errors Fastify raises before routing (a malformed URL, an over-long parameter):
 * the same envelope as every other error (Fastify's `frameworkErrors` option).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(envelope(status === 414 ? texts.common.payloadTooLarge : texts.common.malformedBody));
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large,
 * a malformed request line): answered on the socket with the envelope (Fastify's
 * `clientErrorHandler` option), then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? texts.common.payloadTooLarge : status === 408 ? texts.common.requestTimedOut : texts.common.malformedBody;
  const body = JSON.stringify(envelope(message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
