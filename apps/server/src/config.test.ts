import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'parley-config-'));
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return String((error as Error).message);
  }
  throw new Error('expected a ConfigError');
};

/** What a careful operator sets: every production requirement met. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://parley@db.example.com:5432/parley',
  PUBLIC_URL: 'https://chat.example.com',
  APP_SECRET: 'x'.repeat(40),
  PAYOUT_ENCRYPTION_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('config', () => {
  it('starts on embedded defaults with no environment at all', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.database).toEqual({ kind: 'sqlite', file: `${dataDir}/parley.db` });
    expect(config.port).toBe(3000);
    expect(config.payment.gateway).toBe('sandbox');
    expect(config.testPayments).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.demoPasswords).toBe('readme');
    expect(config.llm).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).database).toEqual({ kind: 'sqlite', file: resolve(import.meta.dirname, '../../../data/parley.db') });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '' }).database.kind).toBe('sqlite');
  });

  it('lists every bad value at once', () => {
    const message = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', PAYMENT_GATEWAY: 'paypal' });
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('PAYMENT_GATEWAY');
  });

  it('refuses an unsafe production start, listing every problem', () => {
    const message = problemsOf({ NODE_ENV: 'production' });
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'APP_SECRET', 'PAYOUT_ENCRYPTION_KEY', 'SMTP_URL', 'PAYMENT_GATEWAY']) expect(message).toContain(name);
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://chat.example.com' })).toContain('PUBLIC_URL');
    expect(problemsOf({ ...production, SMTP_URL: '' })).toContain('SMTP_URL');
    // Without verification mail there is nothing to send: SMTP is then optional.
    expect(loadConfig({ ...production, SMTP_URL: '', REQUIRE_EMAIL_VERIFICATION: 'false' }).smtpUrl).toBeUndefined();
  });

  it('refuses production without an explicit PostgreSQL database, or with a misspelt one (issue 30: it ran on an empty SQLite file)', () => {
    expect(problemsOf({ ...production, DATABASE_URL: '' })).toContain('DATABASE_URL: required in production');
    expect(problemsOf({ ...production, DATABASE_URL: 'postgress://parley@db/parley' })).toContain('DATABASE_URL');
    expect(problemsOf({ ...production, DATABASE_URL: 'parley@db.example.com/parley' })).toContain('DATABASE_URL');
    expect(loadConfig(production).database).toEqual({ kind: 'postgres', url: production.DATABASE_URL, schema: undefined });
    // One instance on SQLite, chosen explicitly.
    expect(loadConfig({ ...production, DATABASE_URL: '', SQLITE_FILE: '/srv/parley/parley.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/srv/parley/parley.db',
    });
  });

  it('sizes and bounds the PostgreSQL pool from settings with documented defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databasePool).toEqual({
      max: 10,
      applicationName: undefined,
      connectTimeoutMs: 3000,
      statementTimeoutMs: 4000,
      queryTimeoutMs: 5000,
      idleInTransactionTimeoutMs: 10_000,
    });
    const tuned = loadConfig({
      NODE_ENV: 'test',
      DATABASE_POOL_MAX: '25',
      DATABASE_APPLICATION_NAME: 'parley-a',
      DATABASE_QUERY_TIMEOUT_MS: '8000',
    }).databasePool;
    expect(tuned).toMatchObject({ max: 25, applicationName: 'parley-a', queryTimeoutMs: 8000 });
    // The client must not give up before the server cancels.
    expect(problemsOf({ NODE_ENV: 'test', DATABASE_STATEMENT_TIMEOUT_MS: '6000', DATABASE_QUERY_TIMEOUT_MS: '5000' })).toContain('DATABASE_QUERY_TIMEOUT_MS');
  });

  it('runs the sandbox gateway in production only when asked for, and then says so', () => {
    expect(problemsOf({ ...production, PAYMENT_GATEWAY: 'sandbox' })).toContain('ALLOW_SANDBOX_PAYMENTS');
    const staging = loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(staging.payment.gateway).toBe('sandbox');
    expect(staging.testPayments).toBe(true);
    expect(loadConfig(production).testPayments).toBe(false);
  });

  it('seeds demo data in production only with SEED_DEMO=true, and never with the README passwords', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    const demo = loadConfig({ ...production, SEED_DEMO: 'true' });
    expect(demo.seedDemo).toBe(true);
    expect(demo.demoPasswords).toBe('random');
  });

  it('trusts a proxy by hop count or by address, and refuses trusting every hop in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expect(problemsOf({ NODE_ENV: 'test', TRUST_PROXY: 'yes' })).toContain('TRUST_PROXY');
    expect(problemsOf({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY');
    // `true` takes the client's own leftmost X-Forwarded-For: allowed for trying, refused in production.
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(problemsOf({ ...production, TRUST_PROXY: 'true' })).toContain('TRUST_PROXY');
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('serves the API docs outside production and, unless asked for, not in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('generates development secrets once, at random, in DATA_DIR with mode 0600', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.generatedSecrets).toEqual({ file: join(dataDir, 'secrets.json'), created: true });
    expect((statSync(join(dataDir, 'secrets.json')).mode & 0o777).toString(8)).toBe('600');
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.generatedSecrets?.created).toBe(false);
    expect(second.appSecret).toBe(first.appSecret);
    expect(second.payoutEncryptionKey).toBe(first.payoutEncryptionKey);
    // Another data dir, other secrets: nothing is a string from the source.
    const other = loadConfig({ DATA_DIR: tempDir() });
    expect(other.appSecret).not.toBe(first.appSecret);
    expect(first.payoutEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.payoutEncryptionKey).not.toBe('0'.repeat(64));
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toContain(first.payoutEncryptionKey);
    // Given secrets win and nothing is generated.
    expect(loadConfig({ DATA_DIR: tempDir(), APP_SECRET: 'y'.repeat(40), PAYOUT_ENCRYPTION_KEY: 'cd'.repeat(32) }).generatedSecrets).toBeUndefined();
  });

  it('turns Web Push on in production only with WEB_PUSH=true and both VAPID keys; elsewhere keeps a generated pair in DATA_DIR', () => {
    expect(loadConfig(production).push).toBeUndefined();
    expect(problemsOf({ ...production, WEB_PUSH: 'true' })).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig({ ...production, WEB_PUSH: 'true', ...keys }).push).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'https://chat.example.com',
    });
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).push!;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.subject).toBe('mailto:no-reply@parley.local');
    expect((statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toString(8)).toBe('600');
    // Restarts keep the pair (browsers bind each subscription to it); another data dir has its own.
    expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).push!.publicKey).not.toBe(first.publicKey);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_PUSH: 'false' }).push).toBeUndefined();
  });
});

describe('passkey relying party (issue 36)', () => {
  it('is PUBLIC_URL’s host and origin by default, a parent domain when set, and refuses an RP ID the origins do not belong to', () => {
    expect(loadConfig({ ...production, DATA_DIR: tempDir() }).passkeys).toEqual({
      rpId: 'chat.example.com',
      rpName: 'Parley',
      origins: ['https://chat.example.com'],
    });
    const parent = loadConfig({
      ...production,
      DATA_DIR: tempDir(),
      PASSKEY_RP_ID: 'example.com',
      PASSKEY_ORIGINS: 'https://chat.example.com, https://app.example.com/',
    });
    expect(parent.passkeys).toMatchObject({ rpId: 'example.com', origins: ['https://chat.example.com', 'https://app.example.com'] });
    expect(problemsOf({ ...production, DATA_DIR: tempDir(), PASSKEY_RP_ID: 'other.example' })).toContain(
      'PASSKEY_RP_ID: other.example must be the host of https://chat.example.com',
    );
    expect(problemsOf({ ...production, DATA_DIR: tempDir(), PASSKEY_ORIGINS: 'not a url' })).toContain('PASSKEY_ORIGINS');
  });
});
