import type { FieldErrors } from '@parley/contracts';
import { cookieNames, defaultCurrency, limits, localKeys } from '@parley/contracts/constants';
import { texts } from '@parley/contracts/texts';
import { getCookie } from './cookies';
import { reportServerReached } from './network-status';
import { currencyKey, storage } from './storage';

/**
 * The HTTP client of spec §7: base /api, cookies, 30 s timeout, bearer token
 * when one is stored, X-XSRF-TOKEN, and `currency` + `lang_id` on every GET
 * query and POST/PUT/PATCH body. Every failure is a typed `ApiError`.
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 for a network failure or timeout. */
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly body: unknown = null,
    /** false when the server gave no message and `message` is the generic one. */
    readonly hasMessage = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for `field`, or for any field when none is given. */
  firstError(field?: string): string | undefined {
    if (field) return this.errors[field]?.[0];
    return Object.values(this.errors).find((list) => list.length > 0)?.[0];
  }

  get isTimeout() {
    return this.status === 0 && this.message === texts.common.requestTimedOut;
  }
}

export interface Envelope<T = unknown> {
  status: 'OK' | 'ERROR' | 'VERIFY' | 'TWO_FACTOR';
  payload: T;
  message?: string;
  errors?: FieldErrors;
  [extra: string]: unknown;
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Milliseconds; default 30 s (spec §9). */
  timeoutMs?: number;
  /** false: do not add currency and lang_id (spec: "unless disabled"). */
  withDefaults?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Outlives the page (a tab saying it is hidden as it closes or navigates away). */
  keepalive?: boolean;
}

export interface ApiClientConfig {
  baseUrl: string;
  getLangId: () => number | null;
  getCurrency: () => string | null;
  /** Called on a 401, at most once per expiry window (spec §4). */
  onSessionExpired: () => void;
  /** Called on 403 'Your email address is not verified.' */
  onEmailNotVerified: () => void;
  /** Called on 403 ADULT_REQUIRED: an account from before the age check must confirm it (issue 15). */
  onAdultRequired: () => void;
}

const defaultConfig: ApiClientConfig = {
  baseUrl: '/api',
  // Until the providers resolve them, the saved choices ride along.
  getLangId: () => Number(storage.get(localKeys.languageId)) || null,
  getCurrency: () => storage.get(currencyKey) ?? defaultCurrency.code,
  onSessionExpired: () => undefined,
  onEmailNotVerified: () => undefined,
  onAdultRequired: () => undefined,
};
let config: ApiClientConfig = { ...defaultConfig };
let sessionExpiredFlag = false;
let expiredTimer: ReturnType<typeof setTimeout> | undefined;

export function configureApiClient(changes: Partial<ApiClientConfig>) {
  config = { ...config, ...changes };
}

/** Test helper: back to a fresh client. */
export function resetApiClient() {
  config = { ...defaultConfig };
  sessionExpiredFlag = false;
  clearTimeout(expiredTimer);
}

const UNSAFE = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);
const WITH_BODY_DEFAULTS = new Set<Method>(['POST', 'PUT', 'PATCH']);

function defaults(): Query {
  const out: Query = {};
  const currency = config.getCurrency();
  const langId = config.getLangId();
  if (currency) out.currency = currency;
  if (langId) out.lang_id = langId;
  return out;
}

function buildUrl(path: string, query: Query | undefined, method: Method, withDefaults: boolean) {
  const params = new URLSearchParams();
  const all: Query = { ...(method === 'GET' && withDefaults ? defaults() : {}), ...query };
  for (const [key, value] of Object.entries(all)) if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  const base = config.baseUrl.replace(/\/$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function buildBody(body: unknown, method: Method, withDefaults: boolean): BodyInit | undefined {
  const extra = WITH_BODY_DEFAULTS.has(method) && withDefaults ? defaults() : {};
  if (body instanceof FormData) {
    for (const [key, value] of Object.entries(extra)) if (!body.has(key)) body.append(key, String(value));
    return body;
  }
  if (body === undefined && Object.keys(extra).length === 0) return undefined;
  if (body === undefined || isPlainObject(body)) return JSON.stringify({ ...extra, ...(body ?? {}) });
  return JSON.stringify(body);
}

/** GET /sanctum/csrf-cookie: sets the readable XSRF-TOKEN cookie. Errors are rethrown (spec §7). */
export async function ensureCsrfCookie(force = false) {
  if (!force && getCookie(cookieNames.xsrf)) return;
  await send('GET', '/sanctum/csrf-cookie', { withDefaults: false }, false);
}

function handleStatus(status: number, message: string, code: unknown) {
  if (status === 401 && !sessionExpiredFlag) {
    sessionExpiredFlag = true;
    expiredTimer = setTimeout(() => {
      sessionExpiredFlag = false;
    }, limits.sessionExpiredResetMs);
    config.onSessionExpired();
  }
  if (status === 403 && message === texts.auth.emailNotVerified) config.onEmailNotVerified();
  if (status === 403 && code === 'ADULT_REQUIRED') config.onAdultRequired();
}

async function parse(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The status, message and field errors of any answer body, read without trusting its shape. */
export function envelopeParts(data: unknown): { status: unknown; message: string | undefined; errors: FieldErrors } {
  const envelope = isPlainObject(data) ? data : {};
  return {
    status: envelope.status,
    message: typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined,
    errors: isPlainObject(envelope.errors) ? (envelope.errors as FieldErrors) : {},
  };
}

async function send<T>(method: Method, path: string, options: RequestOptions = {}, csrf = true): Promise<T> {
  const withDefaults = options.withDefaults !== false;
  if (csrf && UNSAFE.has(method)) await ensureCsrfCookie();

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  const body = buildBody(options.body, method, withDefaults);
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  const token = storage.get(localKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = getCookie(cookieNames.xsrf);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  // Also as a header: the server answers errors raised before it reads a body (CSRF, rate limits) in this language.
  const langId = withDefaults ? config.getLangId() : null;
  if (langId) headers['X-Lang-Id'] = String(langId);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? limits.requestTimeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, method, withDefaults), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(0, texts.common.requestTimedOut);
    if (options.signal?.aborted) throw error;
    reportServerReached(false);
    throw new ApiError(0, texts.common.networkError);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  reportServerReached(true);
  let data: unknown;
  try {
    data = await parse(response);
  } catch {
    throw timedOut ? new ApiError(0, texts.common.requestTimedOut) : new ApiError(0, texts.common.networkError);
  }
  const envelope = isPlainObject(data) ? data : {};
  const { message: serverMessage, errors } = envelopeParts(data);

  if (!response.ok || envelope.status === 'ERROR') {
    const status = response.ok ? 400 : response.status;
    const message = status === 429 ? texts.common.rateLimited : (serverMessage ?? texts.common.anErrorOccurred);
    handleStatus(status, message, envelope.code);
    throw new ApiError(status, message, errors, data, status === 429 || serverMessage !== undefined);
  }
  return data as T;
}

/**
 * The contract schema of a whole response body, usually `envelopeSchema(payloadSchema)` from `@parley/contracts`
 * (any zod schema fits). Structural, so this module needs no zod: zod stays out of the entry chunk (home JS
 * budget), and an entry-chunk fetcher can pass a small hand-written parser instead.
 */
export interface ResponseSchema<T = unknown> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}
/** What a schema parses to. */
export type Parsed<S> = S extends ResponseSchema<infer T> ? T : never;

const isSchema = (value: unknown): value is ResponseSchema =>
  typeof value === 'object' && value !== null && 'safeParse' in value && typeof value.safeParse === 'function';

/**
 * Parses an OK body with its contract schema (issue 32 §3): the caller gets the contract's type, or an
 * `ApiError` when the server answered something the contract does not describe (logged: a bug on one side).
 * Fields the schema does not declare are dropped.
 */
export function parseWith<T>(schema: ResponseSchema<T>, path: string, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`api: the response of ${path} does not match its contract`, parsed.error.issues);
  throw new ApiError(0, texts.common.anErrorOccurred, {}, data, false);
}

async function sendParsed<T>(method: Method, path: string, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return parseWith(schema, path, await send<unknown>(method, path, options));
}

function get<S extends ResponseSchema>(path: string, schema: S, options?: RequestOptions): Promise<Parsed<S>>;
function get<T = Envelope>(path: string, options?: RequestOptions): Promise<T>;
function get(path: string, schemaOrOptions?: ResponseSchema | RequestOptions, options?: RequestOptions): Promise<unknown> {
  if (isSchema(schemaOrOptions)) return sendParsed('GET', path, schemaOrOptions, options);
  return send('GET', path, schemaOrOptions);
}

function del<S extends ResponseSchema>(path: string, schema: S, options?: RequestOptions): Promise<Parsed<S>>;
function del<T = Envelope>(path: string, options?: RequestOptions): Promise<T>;
function del(path: string, schemaOrOptions?: ResponseSchema | RequestOptions, options?: RequestOptions): Promise<unknown> {
  if (isSchema(schemaOrOptions)) return sendParsed('DELETE', path, schemaOrOptions, options);
  return send('DELETE', path, schemaOrOptions);
}

/** POST/PUT/PATCH: `(path, schema, body?, options?)` parses the answer; `(path, body?, options?)` does not. */
interface WithBody {
  <S extends ResponseSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions): Promise<Parsed<S>>;
  <T = Envelope>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}
const withBody =
  (method: Method): WithBody =>
  (path: string, schemaOrBody?: unknown, bodyOrOptions?: unknown, options?: RequestOptions): Promise<never> => {
    // A zod schema is never a request body, so the two forms cannot be confused.
    if (isSchema(schemaOrBody)) return sendParsed(method, path, schemaOrBody, { ...options, body: bodyOrOptions }) as Promise<never>;
    return send<never>(method, path, { ...(bodyOrOptions as RequestOptions | undefined), body: schemaOrBody });
  };

/**
 * `api.get(path, schema, options?)` returns the contract's type, parsed; the forms without a schema
 * (`api.get<T>(path)`) remain for calls outside the feature fetchers.
 */
export const api = {
  get,
  post: withBody('POST'),
  put: withBody('PUT'),
  patch: withBody('PATCH'),
  delete: del,
};

/** The message to show for any thrown value: the first field error or the server's message when present, else `fallback`. */
export function errorMessage(error: unknown, fallback: string = texts.common.anErrorOccurred): string {
  if (error instanceof ApiError) return error.firstError() ?? (error.hasMessage ? error.message : fallback);
  return fallback;
}
