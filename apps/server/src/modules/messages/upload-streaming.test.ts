import { request as httpRequest, type ClientRequest } from 'node:http';
import { cookieNames, limits, type Message } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair, sampleFiles, sendFiles } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { createUploadSlots, MAX_UPLOADS_PER_USER, uploadWork } from './message-upload.js';

/**
 * Issue 31, finding 4: an upload is checked from the fields that precede its files before any file byte is
 * read, streamed to a temporary file with the size cap enforced as it arrives, and capped per user while it runs.
 */
describe.each(dialects)('uploads are checked before they are read on %s', (dialect) => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  /**
   * A multipart upload over real HTTP that sends its fields, a file part's header and `sent` bytes of a file of
   * `declared` bytes, and then waits: the answer can only come before the body is complete if the server did
   * not need the rest.
   */
  async function openUpload(client: TestClient, fields: Record<string, string>, sent: number, declared: number) {
    if (!client.cookies.has(cookieNames.xsrf)) await client.request('GET', '/api/sanctum/csrf-cookie');
    const boundary = `----parleytest${Math.random().toString(16).slice(2)}`;
    const head = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    ]);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const file = Buffer.concat([sampleFiles.pdf, Buffer.alloc(declared - sampleFiles.pdf.length, 0x20)]);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let req: ClientRequest;
    const answer = new Promise<{ status: number; connection?: string; body: { status: string; code?: string; message?: string } }>((resolve, reject) => {
      req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/messages/create',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + file.length + tail.length),
            cookie,
            'x-xsrf-token': client.cookies.get(cookieNames.xsrf) ?? '',
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
          );
        },
      );
      req.on('error', reject);
    });
    req!.write(Buffer.concat([head, file.subarray(0, sent)]));
    return {
      answer,
      finish: () => req.end(Buffer.concat([file.subarray(sent), tail])),
      /** Sends the rest; settles once the server has taken it all (far more than the sockets' buffers hold). */
      drain: () =>
        new Promise<'sent'>((resolve) => {
          req.once('close', () => resolve('sent'));
          req.end(Buffer.concat([file.subarray(sent), tail]));
        }),
      abort: () => req.destroy(),
    };
  }

  /** Answered within 5 s, or not at all (the server waits for the body). */
  const within = <T>(promise: Promise<T>) =>
    Promise.race([promise, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5000).unref())]);

  it('a sender without the coins gets 402 before sending their files: nothing is read into a file', async () => {
    const { guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0 });
    const before = uploadWork.filesStreamed;
    const upload = await openUpload(guest.client, { topic_id: String(topic.id), content: 'look', 'types[]': 'document' }, 64 * 1024, 24 * 1024 * 1024);
    const answer = await within(upload.answer);
    expect(answer).not.toBe('no answer');
    expect(answer).toMatchObject({ status: 402, body: { status: 'ERROR', code: 'INSUFFICIENT_FUNDS' } });
    // A browser goes on sending what it started: the rest is discarded as it arrives, never left hanging.
    expect(await within(upload.drain())).toBe('sent');
    expect(uploadWork.filesStreamed).toBe(before);
    // An outsider is refused the same way.
    const stranger = await createChatPair(ctx.app);
    const outsider = await openUpload(stranger.guest.client, { topic_id: String(topic.id), content: '' }, 1024, limits.maxFileBytes);
    expect(await within(outsider.answer)).toMatchObject({ status: 403 });
    outsider.abort();
    expect(uploadWork.filesStreamed).toBe(before);
  });

  it('a file past the size cap is refused while it streams, and nothing is stored or charged', async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const coins = await balanceOf(ctx.app, owner.user.id);
    const declared = limits.maxFileBytes + 4 * 1024 * 1024;
    const upload = await openUpload(
      owner.client,
      { topic_id: String(topic.id), content: '', 'types[]': 'document' },
      limits.maxFileBytes + 1024 * 1024,
      declared,
    );
    const answer = await within(upload.answer);
    upload.abort();
    // Refused at the cap, and the connection closes: the rest of the body is not read.
    expect(answer).toMatchObject({ status: 413, connection: 'close', body: { status: 'ERROR' } });
    expect(await balanceOf(ctx.app, owner.user.id)).toBe(coins);
    expect(await ctx.db.selectFrom('messages').select('id').where('topic_id', '=', topic.id).execute()).toEqual([]);
  });

  it(`a user's uploads beyond ${MAX_UPLOADS_PER_USER} at once are refused with 429; those running finish and are charged once each`, async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const start = await balanceOf(ctx.app, owner.user.id);
    const before = uploadWork.filesStreamed;
    const running = [];
    for (let i = 0; i < MAX_UPLOADS_PER_USER; i += 1) {
      running.push(await openUpload(owner.client, { topic_id: String(topic.id), content: `file ${i}`, 'types[]': 'document' }, 1024, 256 * 1024));
    }
    // Both are being streamed now (bounded wait, no timing assumption).
    for (let tries = 0; uploadWork.filesStreamed < before + MAX_UPLOADS_PER_USER && tries < 500; tries += 1) await new Promise((r) => setTimeout(r, 10));
    expect(uploadWork.filesStreamed).toBe(before + MAX_UPLOADS_PER_USER);

    const third = await sendFiles(owner.client, topic.id, [{ filename: 'c.pdf', data: sampleFiles.pdf }], ['document']);
    expect(third.statusCode).toBe(429);
    expect(third.body.status).toBe('ERROR');

    for (const upload of running) upload.finish();
    const answers = await Promise.all(running.map((u) => u.answer));
    expect(answers.map((a) => a.status)).toEqual(Array(MAX_UPLOADS_PER_USER).fill(200));
    const charged = await ctx.db.selectFrom('messages').select('cost').where('topic_id', '=', topic.id).execute();
    expect(charged).toHaveLength(MAX_UPLOADS_PER_USER);
    expect(await balanceOf(ctx.app, owner.user.id)).toBe(start - charged.reduce((n, m) => n + m.cost, 0));

    // A slot is free again.
    expect((await sendFiles(owner.client, topic.id, [{ filename: 'd.pdf', data: sampleFiles.pdf }], ['document'])).statusCode).toBe(200);
    await expectLedgerConsistent(ctx.db);
  });

  it('a normal upload stores the file as sent and charges once', async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    const start = await balanceOf(ctx.app, owner.user.id);
    const big = Buffer.concat([sampleFiles.pdf, Buffer.alloc(300 * 1024, 0x41)]);
    const sent = await sendFiles(owner.client, topic.id, [{ filename: 'notes.pdf', data: big }], ['document'], 'here');
    expect(sent.statusCode).toBe(200);
    const message = sent.body.payload.message as Message;
    expect(sent.body.payload.balance).toBe(start - message.cost);
    expect(await balanceOf(ctx.app, owner.user.id)).toBe(start - message.cost);
    const entries = await ctx.db.selectFrom('ledger_entries').select('amount').where('user_id', '=', owner.user.id).where('kind', '=', 'message').execute();
    expect(entries).toEqual([{ amount: -message.cost }]);
    const download = await owner.client.request('GET', `/api/attachments/${message.attachments[0]!.id}`);
    expect(Buffer.from(download.raw.rawPayload).equals(big)).toBe(true);
    await expectLedgerConsistent(ctx.db);
  });
});

describe('upload slots', () => {
  it('caps uploads per user and per address, and a released slot is free again', () => {
    const slots = createUploadSlots(2, 3);
    const a1 = slots.acquire(1, '10.0.0.1');
    slots.acquire(1, '10.0.0.1');
    expect(() => slots.acquire(1, '10.0.0.2')).toThrow();
    slots.acquire(2, '10.0.0.1');
    expect(() => slots.acquire(3, '10.0.0.1')).toThrow();
    a1();
    a1();
    expect(() => slots.acquire(3, '10.0.0.1')).not.toThrow();
    // The address is full; user 1 has one slot left elsewhere.
    expect(() => slots.acquire(4, '10.0.0.1')).toThrow();
    expect(() => slots.acquire(1, '10.0.0.9')).not.toThrow();
    expect(() => slots.acquire(1, '10.0.0.9')).toThrow();
  });
});
