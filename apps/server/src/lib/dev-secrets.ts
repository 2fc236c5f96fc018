import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
