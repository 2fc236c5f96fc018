import { texts, type FieldErrors } from '@parley/contracts';
import { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type ZodType } from 'zod';
import { AppError } from '../lib/app-error.js';
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

export function validationFailure(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const errors = toFieldErrors(issues);
  const first = Object.values(errors)[0]?.[0] ?? texts.common.validationFailed;
  return new AppError('VALIDATION', first, errors);
}

/** Request validation with zod: failures become 422 with field errors. */
export function zodValidatorCompiler({ schema }: { schema: unknown }) {
  return (data: unknown) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: validationFailure(result.error.issues) };
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

const hasNulByte = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulByte(v, depth + 1));
};

/** NUL bytes are never valid text (PostgreSQL refuses them): reject them before any handler runs. */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.url.includes('%00') || hasNulByte(request.query) || hasNulByte(request.params) || hasNulByte(request.body)) {
      throw new AppError('BAD_REQUEST', texts.common.malformedBody);
    }
  });
}

/** One error handler: AppError → its status; client errors → 4xx envelope; the rest → logged 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      rememberText(reply, error.text);
      return reply.status(error.statusCode).send({
        status: 'ERROR',
        payload: null,
        message: error.message,
        errors: error.fieldErrors ?? {},
        code: error.code,
        ...error.extra,
      });
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
