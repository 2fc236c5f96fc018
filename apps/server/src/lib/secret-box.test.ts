import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.js';

const key = 'a1'.repeat(32);

describe('secret-box (AES-256-GCM)', () => {
  it('round-trips, with a fresh nonce every time', () => {
    const a = seal(key, 'DE89370400440532013000', 'payout-details:user:1');
    const b = seal(key, 'DE89370400440532013000', 'payout-details:user:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('DE89');
    expect(open(key, a, 'payout-details:user:1')).toBe('DE89370400440532013000');
  });

  it('refuses another key, another context, a tampered or truncated value', () => {
    const sealed = seal(key, '{"method":"card","pan":"4242424242424242"}', 'ctx');
    expect(() => open('b2'.repeat(32), sealed, 'ctx')).toThrow();
    expect(() => open(key, sealed, 'other-ctx')).toThrow();
    const [v, nonce, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(key, [v, nonce, tag, flipped.toString('base64url')].join('.'), 'ctx')).toThrow();
    expect(() => open(key, [v, nonce, tag!.slice(0, 8), body].join('.'), 'ctx')).toThrow();
    expect(() => open(key, 'v0.x.y.z', 'ctx')).toThrow('malformed');
  });

  it('rejects a key that is not 32 bytes of hex', () => {
    expect(() => seal('abc', 'x')).toThrow('64 hex');
  });
});
