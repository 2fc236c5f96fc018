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
function issueText(issue: { code: string; origin?: string; maximum?: unknown; minimum?: unknown; input?: unknown }): LocalizedText {
  const collection = issue.origin === 'array' || issue.origin === 'set';
  if (issue.code === 'invalid_type' && issue.input === undefined) return localized('validation.required');
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

/** Request validation with zod: failures become 422 with field errors, zod's default messages replaced by catalogue texts. */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  const parse = schema as ZodType;
  return (data: unknown) => {
    // Valid input (the hot paths) parses without the error map; a failure parses again to name each issue.
    const first = parse.safeParse(data);
    if (first.success) return { value: first.data };
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
  FST_ERR_CTP_INVALID_JSON_BODY: texts.common.malformedBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: texts.common.malformedBody,
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
      return reply.status(status).send({ status: 'ERROR', payload: null, message, errors: {} });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ status: 'ERROR', payload: null, message: texts.common.anErrorOccurred, errors: {}, request_id: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 'ERROR', payload: null, message: texts.common.routeNotFound, errors: {} });
  });
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
