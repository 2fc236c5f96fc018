import { hmacSha256, safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/app-error.js';

/** Header of the sandbox gateway's webhooks, Stripe-style: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'parley-signature';
/** Older or newer than this and a signed event is refused (replay protection). */
export const WEBHOOK_TOLERANCE_S = 300;

export const webhookErrors = {
  missingSignature: 'Missing webhook signature',
  badSignature: 'Invalid webhook signature',
  staleTimestamp: 'Webhook timestamp outside the tolerance',
  malformed: 'Malformed webhook payload',
  unknownReference: 'Unknown payment reference',
  unknownGateway: 'Unknown payment gateway',
  amountMismatch: 'Payment amount does not match',
} as const;

export function signSandboxPayload(secret: string, payload: string, timestampS: number): string {
  return `t=${timestampS},v1=${hmacSha256(secret, `${timestampS}.${payload}`)}`;
}

/** Throws AppError BAD_REQUEST unless one v1 signature matches and the timestamp is within the tolerance of `nowMs`. */
export function verifySandboxSignature(secret: string, payload: Buffer, header: string | string[] | undefined, nowMs: number): void {
  if (typeof header !== 'string' || header.length === 0 || header.length > 1000) throw new AppError('BAD_REQUEST', webhookErrors.missingSignature);
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) throw new AppError('BAD_REQUEST', webhookErrors.missingSignature);
  const expected = hmacSha256(secret, `${timestamp}.${payload.toString('utf8')}`);
  if (!signatures.some((s) => safeEqual(s, expected))) throw new AppError('BAD_REQUEST', webhookErrors.badSignature);
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > WEBHOOK_TOLERANCE_S) throw new AppError('BAD_REQUEST', webhookErrors.staleTimestamp);
}
