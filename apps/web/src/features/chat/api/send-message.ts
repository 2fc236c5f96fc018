import {
  cookieNames,
  defaultCurrency,
  limits,
  localKeys,
  sendMessageResponseSchema,
  texts,
  type CrisisCard,
  type HeldMessage,
  type Message,
} from '@parley/contracts';
import { api, ApiError, ensureCsrfCookie, envelopeParts, parseWith } from '../../../lib/api-client';
import { getCookie } from '../../../lib/cookies';
import { currencyKey, storage } from '../../../lib/storage';
import { uploadType } from '../utils/message-cost';

export interface SentMessage {
  /** The message, or (issue 15) nothing yet: it waits for a moderator as `held`. */
  message?: Message;
  held?: HeldMessage;
  balance: number | null;
  /** Issue 36 §1: the message suggests a risk of self-harm; only this answer carries the helplines. */
  crisis?: CrisisCard;
}

export interface SendMessageInput {
  topicId: number;
  content: string;
  files?: File[];
  /** 0..1 while the upload runs (multipart only). */
  onProgress?: (fraction: number) => void;
  /** The message's id on this client: a retry sends the same one, and the server stores and charges it once. */
  clientId?: string;
}

/** A fresh id per message (not per request): the server stores and charges a resent message once. */
export const newClientId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

function toSent(response: { payload: { message?: Message; held?: HeldMessage; balance: number; crisis?: CrisisCard } }): SentMessage {
  const { message, held, balance, crisis } = response.payload;
  return { message, held, balance, crisis };
}

/**
 * POST messages/create. Text only goes as JSON through the shared client;
 * with files it is multipart over XMLHttpRequest, the one browser API that
 * reports upload progress. Every field (topic_id, content, client_id, currency,
 * lang_id, types[]) goes before the first file: the server checks the seat and
 * the coins from them before it reads any file (issue 31).
 */
export async function sendMessage({ topicId, content, files = [], onProgress, clientId = newClientId() }: SendMessageInput): Promise<SentMessage> {
  if (files.length === 0) {
    return toSent(await api.post('/messages/create', sendMessageResponseSchema, { topic_id: topicId, content, client_id: clientId }));
  }
  const form = new FormData();
  form.append('topic_id', String(topicId));
  form.append('content', content);
  form.append('client_id', clientId);
  appendDefaults(form);
  for (const file of files) form.append('types[]', uploadType(file));
  for (const file of files) form.append('attachments[]', file, file.name);
  await ensureCsrfCookie();
  return toSent(parseWith(sendMessageResponseSchema, '/messages/create', await uploadForm('/api/messages/create', form, onProgress)));
}

/** The currency and language every request carries, as fields. */
function appendDefaults(form: FormData) {
  const currency = storage.get(currencyKey) ?? defaultCurrency.code;
  const langId = storage.get(localKeys.languageId);
  if (!form.has('currency')) form.append('currency', currency);
  if (langId && !form.has('lang_id')) form.append('lang_id', langId);
}

/** Resolves with the OK answer's body as it came (the caller parses it with its schema). */
function uploadForm(url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<unknown> {
  appendDefaults(form);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = limits.requestTimeoutMs * 4;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const xsrf = getCookie(cookieNames.xsrf);
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    const token = storage.get(localKeys.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      const envelope = envelopeParts(body);
      const ok = xhr.status >= 200 && xhr.status < 300 && envelope.status !== 'ERROR';
      if (ok) {
        onProgress?.(1);
        resolve(body);
        return;
      }
      const status = xhr.status >= 200 && xhr.status < 300 ? 400 : xhr.status;
      const message = status === 429 ? texts.common.rateLimited : (envelope.message ?? texts.chat.failedSend);
      reject(new ApiError(status, message, envelope.errors, body));
    };
    xhr.onerror = () => reject(new ApiError(0, texts.common.networkError));
    xhr.ontimeout = () => reject(new ApiError(0, texts.common.requestTimedOut));
    xhr.send(form);
  });
}
