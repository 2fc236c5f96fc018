import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('starts on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: resolve(import.meta.dirname, '../../../data/parley.db') });
    expect(config.port).toBe(3000);
    expect(config.payment.gateway).toBe('sandbox');
    expect(config.llm).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).database.kind).toBe('sqlite');
  });

  it('lists every bad value at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PAYMENT_GATEWAY: 'paypal' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = String((error as Error).message);
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('PAYMENT_GATEWAY');
    }
  });

  it('refuses production without its own secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
  });
});
