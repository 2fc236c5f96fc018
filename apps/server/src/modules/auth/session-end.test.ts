import { wsCloseCodes } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser, DEFAULT_PASSWORD } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { listenLocal, WsTestClient } from '../../../test/ws-client.js';
import { createInProcessBus } from '../../lib/event-bus.js';

/**
 * Every way sessions end closes their sockets within 2 s on every instance (issue 31, finding 5):
 * the socket is open on instance B, the session ends through instance A. Two instances on one database,
 * over Redis when REDIS_URL is set (PostgreSQL), else one in-process bus. The periodic session check
 * (a minute) would close them too late.
 */
describe.each(dialects)('ended sessions close their sockets on every instance on %s', (dialect) => {
  const redisUrl = process.env.REDIS_URL;
  let ctx: TestContext;
  let other: FastifyInstance;
  let otherBase: string;

  beforeAll(async () => {
    const bus = redisUrl && dialect === 'postgres' ? undefined : createInProcessBus();
    ctx = await createTestContext(dialect, { env: bus ? {} : { REDIS_URL: redisUrl! }, infra: bus ? { bus } : {} });
    other = await ctx.buildAnother({ migrate: false });
    otherBase = await listenLocal(other);
  });
  afterAll(() => ctx.close());

  /** A user signed in twice: `acting` on instance A, `elsewhere` with a socket on instance B. */
  async function twoSessions() {
    const user = await createUser(ctx.db);
    const acting = new TestClient(ctx.app);
    await acting.login(user.email, DEFAULT_PASSWORD);
    const elsewhere = new TestClient(other);
    await elsewhere.login(user.email, DEFAULT_PASSWORD);
    const socket = await WsTestClient.connect(otherBase, { cookieOf: elsewhere, origin: ctx.config.publicUrl });
    await socket.waitForFrame('ready');
    const actingSocket = await WsTestClient.connect(otherBase, { cookieOf: acting, origin: ctx.config.publicUrl });
    await actingSocket.waitForFrame('ready');
    return { user, acting, socket, actingSocket };
  }

  it('a password change closes the other sessions’ sockets, not the changing one', async () => {
    const { acting, socket, actingSocket } = await twoSessions();
    const changed = await acting.post('/api/user/change-password', {
      current_password: DEFAULT_PASSWORD,
      password: 'Another123pass',
      password_confirmation: 'Another123pass',
    });
    expect(changed.statusCode).toBe(200);
    expect((await socket.waitForClose(2000)).code).toBe(wsCloseCodes.unauthenticated);
    expect(actingSocket.closeInfo).toBeUndefined();
    actingSocket.close();
  });

  it('a password reset closes every socket of the account', async () => {
    const { user, socket, actingSocket } = await twoSessions();
    await new TestClient(ctx.app).post('/api/user/request-password-reset', { email: user.email });
    await ctx.app.jobs.runDue();
    const mail = await ctx.db.selectFrom('mails').selectAll().where('to', '=', user.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const link = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\S+/)![0]);
    const reset = await new TestClient(ctx.app).post('/api/user/password-reset', {
      token: link.searchParams.get('token'),
      email: user.email,
      password: 'Another123pass',
      password_confirmation: 'Another123pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await socket.waitForClose(2000)).code).toBe(wsCloseCodes.unauthenticated);
    expect((await actingSocket.waitForClose(2000)).code).toBe(wsCloseCodes.unauthenticated);
  });

  it('enrolling in two-factor sign-in closes the other sessions’ sockets', async () => {
    const { acting, socket, actingSocket } = await twoSessions();
    const setup = await acting.post<{ secret: string }>('/api/user/two-factor/setup', { password: DEFAULT_PASSWORD });
    const code = await generate({ secret: setup.body.payload.secret, epoch: Math.floor(ctx.app.clock.now().getTime() / 1000) });
    expect((await acting.post('/api/user/two-factor/enable', { code })).statusCode).toBe(200);
    expect((await socket.waitForClose(2000)).code).toBe(wsCloseCodes.unauthenticated);
    expect(actingSocket.closeInfo).toBeUndefined();
    actingSocket.close();
  });
});
