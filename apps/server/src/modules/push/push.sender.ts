import webpush from 'web-push';
import { type Config } from '../../config.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: 'gone' (404/410, or a refusal that will never pass): forget the device. */
export type PushOutcome = 'sent' | 'gone';

/** A push service that is down or rate-limits us: the job retries with backoff. */
export class PushRetryableError extends Error {}

const SEND_TIMEOUT_MS = 10_000;
/** A chat notice is worth little after a day; the push service drops it then. */
const TTL_SECONDS = 24 * 3600;

/**
 * Sends one encrypted Web Push message (RFC 8291, aes128gcm) with a VAPID signature (RFC 8292).
 * web-push builds the request (encryption and headers); we send it with fetch, bounded, so
 * the same code reaches a push service over https and a local stand-in in tests.
 */
export async function sendPush(push: NonNullable<Config['push']>, target: PushTarget, payload: string): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
    TTL: TTL_SECONDS,
    urgency: 'normal',
  });
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PushRetryableError(`push service unreachable: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  if (response.ok) return 'sent';
  if (response.status === 404 || response.status === 410) return 'gone';
  if (response.status === 429 || response.status >= 500) throw new PushRetryableError(`push service answered ${response.status}`);
  // 400, 401, 403, 413: this subscription will not take our pushes (wrong keys, another server's key).
  return 'gone';
}
