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
  const serverMessage = typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined;
  const errors = isPlainObject(envelope.errors) ? (envelope.errors as FieldErrors) : {};

  if (!response.ok || envelope.status === 'ERROR') {
    const status = response.ok ? 400 : response.status;
    const message = status === 429 ? texts.common.rateLimited : (serverMessage ?? texts.common.anErrorOccurred);
    handleStatus(status, message, envelope.code);
    throw new ApiError(status, message, errors, data, status === 429 || serverMessage !== undefined);
  }
  return data as T;
}

export const api = {
  get: <T = Envelope>(path: string, options?: RequestOptions) => send<T>('GET', path, options),
  post: <T = Envelope>(path: string, body?: unknown, options?: RequestOptions) => send<T>('POST', path, { ...options, body }),
  put: <T = Envelope>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PUT', path, { ...options, body }),
  patch: <T = Envelope>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PATCH', path, { ...options, body }),
  delete: <T = Envelope>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options),
};

/** The message to show for any thrown value: the first field error or the server's message when present, else `fallback`. */
export function errorMessage(error: unknown, fallback: string = texts.common.anErrorOccurred): string {
  if (error instanceof ApiError) return error.firstError() ?? (error.hasMessage ? error.message : fallback);
  return fallback;
}
