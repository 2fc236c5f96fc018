import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption for data at rest (payout details): AES-256-GCM with
 * a random 96-bit nonce per value. Sealed form: `v1.<nonce>.<tag>.<ciphertext>`,
 * each part base64url. The optional context (e.g. `payout-user:12`) is bound as
 * additional authenticated data, so a sealed value copied to another row fails to open.
 */
const VERSION = 'v1';

function keyFrom(hexKey: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hexKey)) throw new Error('secret-box: the key must be 64 hex characters (32 bytes)');
  return Buffer.from(hexKey, 'hex');
}

export function seal(hexKey: string, plaintext: string, context = ''): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(hexKey), nonce, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, nonce, tag, ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Throws when the value was tampered with, sealed under another key or another context. */
export function open(hexKey: string, sealed: string, context = ''): string {
  const [version, nonce, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined || rest.length > 0) throw new Error('secret-box: malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(hexKey), Buffer.from(nonce, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
