import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail through SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext('sqlite', { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Parley <no-reply@parley.test>' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('sends the password-reset link over SMTP and stores nothing in the dev mailbox', async () => {
    const user = await createUser(ctx.db);
    const response = await new TestClient(ctx.app).post('/api/user/request-password-reset', { email: user.email });
    expect(response.body.status).toBe('OK');
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@parley.test');
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toContain('Subject: Reset your Parley password');
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/\/reset-password\?token=/);
    const stored = await ctx.db.selectFrom('mails').selectAll().execute();
    expect(stored).toHaveLength(0);
  });

  it('does not expose the dev mailbox when SMTP is configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
