import { z } from 'zod';

/** Field name → list of messages, as spec §7. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const apiStatusSchema = z.enum(['OK', 'ERROR', 'VERIFY', 'TWO_FACTOR']);
export type ApiStatus = z.infer<typeof apiStatusSchema>;

/** The response envelope every /api call answers with. */
export function envelopeSchema<T extends z.ZodType>(payload: T) {
  return z.object({
    status: apiStatusSchema,
    payload,
    message: z.string().optional(),
    errors: fieldErrorsSchema.optional(),
  });
}

/** An OK answer that carries nothing but its status and message (`payload: null`). */
export const emptyResponseSchema = envelopeSchema(z.null());
/** An answer with nothing but its `message` (spec §7: `payload: null`). */
export const messageEnvelopeSchema = z.object({ status: z.literal('OK'), message: z.string().optional(), payload: z.null() });

/** A page of rows with the spec §3 pagination meta. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), meta: pageMetaSchema });
}

export const errorEnvelopeSchema = z.object({
  status: z.literal('ERROR'),
  payload: z.null(),
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
  code: z.string().optional(),
  /** 429 from sign-in: seconds to wait (also in Retry-After). */
  retry_after: z.number().int().optional(),
  /** 500: the id to quote to support (also in X-Request-Id). */
  request_id: z.string().optional(),
  /** A topic refusing the call (403 full or closed, 409 closed/full/already active): what a chat screen explains itself with. */
  topic_id: z.number().int().optional(),
  title: z.string().nullable().optional(),
  participants_count: z.number().int().optional(),
  is_closed: z.boolean().optional(),
  is_full: z.boolean().optional(),
  closed_by: z.literal('moderator').optional(),
  topic: z.object({ id: z.number().int(), title: z.string() }).optional(),
  /** 402 INSUFFICIENT_FUNDS: the coins the call needs. */
  required: z.number().int().optional(),
  /** 403 SPENDING_LIMIT: which limit, and the coins left under it. */
  limit: z.enum(['daily', 'monthly']).optional(),
  left: z.number().int().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Error codes the server uses; the HTTP status follows from the code. */
export const errorCodes = {
  VALIDATION: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  /** The path exists, not for this method; the `Allow` header lists the ones it answers (issue 32). */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INSUFFICIENT_FUNDS: 402,
  SPENDING_LIMIT: 403,
  ADULT_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  GATEWAY: 502,
  /** The database cannot be reached or did not answer in time (issue 30): try again shortly. */
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** Pagination meta of spec §3. */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  const to = total === 0 ? null : Math.min(total, page * perPage);
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    from: from !== null && from > total ? null : from,
    to: from !== null && from > total ? null : to,
  };
}

/** The largest id a 32-bit integer column holds (PostgreSQL `integer`; a larger value is an error there, not "not found"). */
export const MAX_DB_ID = 2_147_483_647;
/**
 * Every id in a path, query or body (issue 30 #7): positive and within a 32-bit integer column, so a
 * too-large one is refused with 422 like any bad value, never a database error. `idSchema` coerces
 * (paths, queries, form fields); `jsonIdSchema` is for JSON numbers (arrays of ids).
 */
export const idSchema = z.coerce.number().int().positive().max(MAX_DB_ID);
export const jsonIdSchema = z.number().int().positive().max(MAX_DB_ID);
/** `currency` and `lang_id` ride along on every call (spec §7); the server accepts and ignores unknown ones. */
export const commonQuerySchema = z.object({
  currency: z.string().max(8).optional(),
  lang_id: idSchema.optional(),
});

export const idParamSchema = z.object({ id: idSchema });
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});
