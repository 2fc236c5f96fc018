import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface DevSecrets {
  appSecret: string;
  payoutEncryptionKey: string;
}

/**
 * Outside production, secrets that were not given are generated once, at random, and kept in
 * DATA_DIR/secrets.json (mode 0600) so restarts keep sessions, links and encrypted payout details
 * valid. No secret is ever a string that is public in the source.
 */
export function loadOrCreateDevSecrets(dataDir: string): DevSecrets & { file: string; created: boolean } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>;
    if (typeof stored.appSecret === 'string' && /^[0-9a-f]{64}$/i.test(stored.payoutEncryptionKey ?? ''))
      return { appSecret: stored.appSecret, payoutEncryptionKey: stored.payoutEncryptionKey!, file, created: false };
  }
  const secrets: DevSecrets = { appSecret: randomBytes(32).toString('base64url'), payoutEncryptionKey: randomBytes(32).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  // 'wx' keeps the first writer's file when two processes start at once; the loser reads it.
  try {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateDevSecrets(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return { ...secrets, file, created: true };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const isVapidKeys = (value: Partial<VapidKeys>): value is VapidKeys =>
  /^[A-Za-z0-9_-]{80,100}$/.test(value.publicKey ?? '') && /^[A-Za-z0-9_-]{40,50}$/.test(value.privateKey ?? '');

/**
 * The Web Push key pair outside production when none is given: generated once and kept in
 * DATA_DIR/vapid-keys.json (mode 0600). Browsers bind a subscription to the public key, so a new
 * pair on every start would silently end every device's subscription.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (isVapidKeys(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: existsSync(file) ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateVapidKeys(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return keys;
}

let testKeys: VapidKeys | undefined;
/** Tests: one generated pair per process (never a key written in the source). */
export function testVapidKeys(): VapidKeys {
  testKeys ??= webpush.generateVAPIDKeys();
  return testKeys;
}
