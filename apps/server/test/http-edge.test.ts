import { connect, type Socket } from 'node:net';
import { type AddressInfo } from 'node:net';
import { cookieNames, xsrfHeader } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FastifyRequest } from 'fastify';
import { serializeRequest } from '../src/lib/log-serializers.js';
import { xsrfTokenFor } from '../src/plugins/session.js';
import { createTestContext, type TestContext } from './harness.js';

/** The HTTP edge (issue 30 #5, #8; issue 31 #9, #12), over real sockets where the network matters. */

const listen = async (ctx: TestContext) => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
};

const openSocket = (url: string) =>
  new Promise<Socket>((resolve, reject) => {
    const { port } = new URL(url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => resolve(socket));
    socket.on('error', reject);
  });

/** Resolves when the server closes the socket (end or reset), with what it sent. */
const closedBy = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { env: { TRUST_PROXY: '1', RATE_LIMIT_AUTH_MAX: '10' } });
    base = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it('a client rotating the leftmost X-Forwarded-For does not pass the per-address sign-in limit', async () => {
    const xsrf = xsrfTokenFor(ctx.config);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const response = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${cookieNames.xsrf}=${xsrf}`,
          [xsrfHeader]: xsrf,
          // What the client wrote, then what the proxy appended ($proxy_add_x_forwarded_for): its real address.
          'x-forwarded-for': `198.51.100.${i}, 203.0.113.7`,
        },
        body: JSON.stringify({ email: `guess${i}@example.com`, password: 'Wrong-guess1' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('the dev mailbox refuses a spoofed loopback in X-Forwarded-For and serves this machine', async () => {
    const spoofed = await fetch(`${base}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1, 8.8.8.8' } });
    expect(spoofed.status).toBe(404);
    const hidden = await fetch(`${base}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1, 127.0.0.1' } });
    expect(hidden.status).toBe(200);
    expect((await fetch(`${base}/api/dev/mailbox`)).status).toBe(200);
  });
});

describe('the dev mailbox with TRUST_PROXY=true (development only)', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { env: { TRUST_PROXY: 'true' } });
    base = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it('refuses a client that writes 127.0.0.1 first in its own X-Forwarded-For', async () => {
    const spoofed = await fetch(`${base}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1, 8.8.8.8' } });
    expect(spoofed.status).toBe(404);
    expect((await spoofed.json()) as object).toMatchObject({ status: 'ERROR' });
  });
});

describe('request ids, API docs and the CSP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(() => ctx.close());

  it('keeps a sane incoming X-Request-Id, replaces anything else, and returns it on every answer', async () => {
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-42.abc_Z' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.abc_Z');
    for (const bad of ['a b', 'x'.repeat(129), '<script>', 'a\u00e9']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const url of ['/api/no-such-route', '/api/messages/index?topic_id=1', '/api/settings']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('masks WebSocket tickets and tokens in logged URLs', () => {
    const logged = serializeRequest({ method: 'GET', url: '/api/ws?ticket=wst1.abc.def&x=1&token=secret', host: 'h', ip: '127.0.0.1' } as FastifyRequest);
    expect(logged.url).toBe('/api/ws?ticket=[redacted]&x=1&token=[redacted]');
  });

  it('serves the API docs outside production, and not when API_DOCS=false', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const off = await ctx.buildAnother({ config: { ...ctx.config, apiDocs: false } });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const response = await off.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 'ERROR' });
    }
  });

  it('lets pages connect to their own origin only: no ws: or wss: wildcard, no unsafe-eval', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    const csp = String(response.headers['content-security-policy']);
    const connectSrc = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connectSrc).toContain("'self'");
    for (const source of connectSrc) expect(source === "'self'" || source.startsWith(`ws://localhost:${ctx.config.port}`), source).toBe(true);
    expect(csp).not.toMatch(/(^|[\s;])wss?:(?=[\s;]|$)/);
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('slow and idle sockets', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { env: { HTTP_HEADERS_TIMEOUT_S: '1', HTTP_KEEP_ALIVE_TIMEOUT_S: '1', MAX_CONNECTIONS_PER_IP: '5' } });
    base = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it('closes a slowloris socket (headers trickling in) within the headers timeout', async () => {
    const socket = await openSocket(base);
    const closed = closedBy(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
    try {
      const received = await within(closed, 5000, 'slowloris socket closed');
      expect(received).not.toContain('200 OK');
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('closes a socket that never sends anything', async () => {
    const socket = await openSocket(base);
    await within(closedBy(socket), 5000, 'silent socket closed');
  });

  it('closes an idle keep-alive socket after the keep-alive timeout', async () => {
    const socket = await openSocket(base);
    const closed = closedBy(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const received = await within(closed, 5000, 'idle keep-alive socket closed');
    expect(received).toContain('200 OK');
  });

  it('closes connections beyond the cap per remote address', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => openSocket(base)));
    const closes = sockets.map((socket) => {
      let closed = false;
      socket.on('error', () => undefined);
      socket.on('close', () => (closed = true));
      return () => closed;
    });
    try {
      await within(
        (async () => {
          while (closes.filter((isClosed) => isClosed()).length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
        })(),
        800,
        'three sockets over the cap closed',
      );
      expect(closes.filter((isClosed) => isClosed()).length).toBe(3);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
