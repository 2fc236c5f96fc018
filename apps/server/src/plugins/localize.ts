import { englishText, keyOfEnglish, translate, type Catalogue, type TextKey, type TextParams } from '@parley/contracts/i18n';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { type LocalizedText } from '../lib/app-error.js';

/** A language's texts as the reference module keeps them (modules/reference/localization.service.ts). */
export interface RequestLanguage {
  readonly code: string;
  readonly catalogue: Catalogue | undefined;
}
export type LanguageResolver = (languageId: number | undefined) => Promise<RequestLanguage>;

/** The header the web client sends beside `lang_id`, so errors raised before the body is read (CSRF) are localized too. */
export const LANG_ID_HEADER = 'x-lang-id';

const toId = (value: unknown): number | undefined => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * The language a request asks for (spec §7: `lang_id` in every GET query and POST/PUT/PATCH body), else the
 * `X-Lang-Id` header, else the signed-in user's saved language; undefined means the default language.
 */
export function requestLanguageId(request: FastifyRequest): number | undefined {
  if (askedLanguages.has(request)) return askedLanguages.get(request);
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return (
    toId(query?.lang_id) ??
    (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? toId(body.lang_id) : undefined) ??
    toId(request.headers[LANG_ID_HEADER]) ??
    toId(request.auth?.user.language_id)
  );
}

/** What a request asked for, read before its schemas strip `lang_id` from the validated query and body. */
const askedLanguages = new WeakMap<FastifyRequest, number | undefined>();

/** The catalogue texts with values behind a reply's message and field errors, kept for its serialization. */
interface PendingTexts {
  text?: LocalizedText;
  fieldTexts?: Readonly<Record<string, readonly (LocalizedText | undefined)[]>>;
}
const pendingTexts = new WeakMap<FastifyReply, PendingTexts>();
/** An error's `text` and `fieldTexts` (AppError), rendered when its envelope is serialized. */
export const rememberText = (reply: FastifyReply, error: PendingTexts) => (error.text || error.fieldTexts) && pendingTexts.set(reply, error);

/** A success `message` with values: the English text for the envelope, rendered in the request's language on the way out. */
export function replyMessage(reply: FastifyReply, key: TextKey, params?: TextParams): string {
  pendingTexts.set(reply, { text: { key, params } });
  return englishText(key, params);
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  errors?: Record<string, unknown>;
}

const hasFieldErrors = (envelope: Envelope) => envelope.errors !== null && typeof envelope.errors === 'object' && Object.keys(envelope.errors).length > 0;

/** Whether anything in the envelope is a catalogue text to render (checked before any language is looked up). */
function needsLanguage(envelope: Envelope, pending: PendingTexts | undefined) {
  return pending !== undefined || (typeof envelope.message === 'string' && keyOfEnglish(envelope.message) !== undefined) || hasFieldErrors(envelope);
}

function localizeEnvelope<T extends Envelope>(envelope: T, language: RequestLanguage, pending: PendingTexts | undefined): T {
  const text = pending?.text;
  const render = (message: unknown, known?: LocalizedText) => {
    if (typeof message !== 'string') return message;
    const own = known ?? (text && message === envelope.message ? text : undefined);
    if (own) return translate(language.catalogue, own.key, own.params, language.code);
    const key = keyOfEnglish(message);
    return key ? translate(language.catalogue, key, undefined, language.code) : message;
  };
  const out: T = { ...envelope, message: render(envelope.message) };
  if (hasFieldErrors(envelope))
    out.errors = Object.fromEntries(
      Object.entries(envelope.errors!).map(([field, list]) => [
        field,
        Array.isArray(list) ? list.map((message, i) => render(message, pending?.fieldTexts?.[field]?.[i])) : list,
      ]),
    );
  return out;
}

/**
 * Renders the `message` and field `errors` of every JSON envelope (errors, 404s, rate limits, CSRF, success
 * messages) in the request's language, English per key where that language lacks a text. The English texts
 * of the catalogue find their key; an error's `LocalizedText` keeps its values. A reply with nothing to
 * translate (the hot paths) returns before any lookup; the languages' texts are cached, so none costs a statement.
 */
export function registerLocalization(app: FastifyInstance, resolve: LanguageResolver) {
  app.addHook('preValidation', (request, _reply, done) => {
    askedLanguages.set(request, requestLanguageId(request));
    done();
  });
  // Callback style: a reply with nothing to translate (every hot path) costs no promise.
  app.addHook('preSerialization', (request, reply, payload: unknown, done: (error: Error | null, value?: unknown) => void) => {
    if (payload === null || typeof payload !== 'object' || !('status' in payload)) return done(null, payload);
    const envelope = payload as Envelope;
    const pending = pendingTexts.get(reply);
    if (!needsLanguage(envelope, pending)) return done(null, payload);
    resolve(requestLanguageId(request)).then(
      // English is what the envelope already says.
      (language) => done(null, language.catalogue === undefined ? payload : localizeEnvelope(envelope, language, pending)),
      (error: unknown) => {
        // The database away is logged once by its monitor (db/connect.ts), not per request.
        if (!isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'message left in English: the language could not be read');
        done(null, payload);
      },
    );
  });
}
