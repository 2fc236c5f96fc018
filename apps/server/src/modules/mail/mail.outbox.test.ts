import { createServer, type Socket } from 'node:net';
import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';

/** A TCP server that accepts connections and never says a word (an SMTP server that hangs). */
async function startSilentServer() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, sockets, close };
}

function startSmtpOn(port: number, received: string[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe.each(dialects)('mail outbox on %s', (dialect) => {
  let ctx: TestContext;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  const clock = new FakeClock();
  beforeAll(async () => {
    silent = await startSilentServer();
    ctx = await createTestContext(dialect, { infra: { clock }, env: { SMTP_URL: `smtp://127.0.0.1:${silent.port}` }, config: { jobs: { pollMs: 3600_000 } } });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.close();
    await silent.close().catch(() => undefined);
  });

  const mailJob = () => ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'auth.mail').executeTakeFirst();

  it('answers the request while the SMTP server hangs; the mail is retried and delivered once the server is back', async () => {
    const user = await createUser(ctx.db);
    // The SMTP server accepts and never answers: the request must not wait for it.
    const response = await new TestClient(ctx.app).post('/api/user/request-password-reset', { email: user.email });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('OK');
    expect(await mailJob()).toMatchObject({ status: 'pending', payload: expect.stringContaining(user.email) as string });
    await expect.poll(() => silent.sockets.length).toBeGreaterThan(0); // the worker is talking to the hung server

    // The server goes away: the attempt fails and is scheduled again with backoff.
    const { port } = silent;
    await silent.close();
    await expect.poll(async () => (await mailJob())?.last_error ?? null, { timeout: 20_000 }).not.toBeNull();
    expect(await mailJob()).toMatchObject({ status: 'pending', attempts: 1 });

    const received: string[] = [];
    const smtp = await startSmtpOn(port, received);
    try {
      clock.advance(5000);
      await ctx.app.jobs.runDue();
      expect(received).toEqual([user.email]);
      expect(await mailJob()).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  }, 30_000);
});
