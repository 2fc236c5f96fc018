import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.js';

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(() => ctx.close());

  it('sends a strict CSP, frame-ancestors none, nosniff and a referrer policy on API responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the same security headers on the no-op route, on a 404 and on an error', async () => {
    const reference = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    for (const url of ['/api/health', '/api/no-such-route', '/api/messages/index?topic_id=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy'])
        expect(response.headers[name], `${name} on ${url}`).toBe(reference.headers[name]);
    }
  });

  it('sets the XSRF cookie readable by scripts but scoped SameSite=Lax', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sanctum/csrf-cookie' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('rejects NUL bytes anywhere in the input with a 400 envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/static-pages/%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'ERROR' });
  });
});
