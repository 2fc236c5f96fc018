import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames, xsrfHeader } from '@parley/contracts';
import { xsrfTokenFor } from '../src/plugins/session.js';
import { createTestContext, dialects, type TestContext } from './harness.js';

/** A raw HTTP exchange (fetch would refuse some of these requests itself). */
function rawRequest(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }) {
  return new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe.each(dialects)('every error is the JSON envelope, Fastify’s own included, on %s', (dialect) => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  /** JSON with a valid anonymous CSRF token (signed with the app's secret, as csrf-cookie hands out). */
  const csrf = { 'content-type': 'application/json', 'x-with-csrf': '1' };
  const withCsrf = (headers: Record<string, string> = {}) => {
    if (!headers['x-with-csrf']) return headers;
    const token = xsrfTokenFor(ctx.config);
    return { ...headers, cookie: `${cookieNames.xsrf}=${token}`, [xsrfHeader]: token };
  };
  const cases: [string, Parameters<typeof rawRequest>[1], number][] = [
    ['a malformed URL', { path: '/api/%E0%A4%A' }, 400],
    ['an unknown route', { path: '/api/no-such-thing' }, 404],
    ['an over-long route parameter', { path: `/api/attachments/${'9'.repeat(500)}` }, 414],
    ['malformed JSON', { method: 'POST', path: '/api/login', headers: csrf, body: '{"email":' }, 400],
    ['a body over the limit', { method: 'POST', path: '/api/login', headers: csrf, body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) }, 413],
    ['an unsupported content type', { method: 'POST', path: '/api/login', headers: { ...csrf, 'content-type': 'text/x-weird' }, body: 'x' }, 415],
    ['headers over the limit', { path: '/api/health', headers: { 'x-big': 'a'.repeat(70_000) } }, 431],
  ];

  it.each(cases)('%s', async (_name, request, status) => {
    const response = await rawRequest(port, { ...request, headers: withCsrf(request.headers) });
    expect(response.status).toBe(status);
    expect(response.contentType).toMatch(/^application\/json/);
    // Body problems are also named on `errors.body` (issue 32).
    expect(JSON.parse(response.body)).toEqual({ status: 'ERROR', payload: null, message: expect.any(String) as string, errors: expect.any(Object) as object });
  });
});
