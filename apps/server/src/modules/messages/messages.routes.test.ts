import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { texts, type Message } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, chatContextOptions, createChatPair, recordEvents, sampleFiles, sendFiles } from '../../../test/chat.js';
import { createTestContext, dialects, expectLedgerConsistent, type TestContext } from '../../../test/harness.js';
import { publicChatName } from '../users/chat-name.js';
import { createCompanionMessage } from './messages.service.js';
import { englishText } from '@parley/contracts/i18n';

const countRows = async (ctx: TestContext, table: 'messages' | 'attachments') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function storedFiles(ctx: TestContext): string[] {
  const root = join(ctx.config.dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

describe.each(dialects)('messages on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  it('charges text by code points and answers payload.message and payload.balance', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const before = await balanceOf(ctx.app, guest.user.id);
    const content = 'Hi 👋 there'; // 10 code points, 11 UTF-16 units
    const sent = await guest.client.post<{ message: Message; balance: number }>('/api/messages/create', { topic_id: topic.id, content });
    expect(sent.statusCode).toBe(200);
    expect(sent.body.payload.balance).toBe(before - 10);
    expect(sent.body.payload.message).toMatchObject({ content, text: content, sender: 'Me', is_mine: true, is_typing: false, cost: 10, attachments: [] });
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(before - 10);

    const seen = await owner.client.get<{ data: Message[]; meta: Record<string, number> }>(
      `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`,
    );
    // The other person is seen by chat name only, never by account name or id.
    expect(seen.body.payload.data[0]).toMatchObject({ content, sender: publicChatName(guest.user), sender_id: null, is_mine: false });
    await expectLedgerConsistent(ctx.db);
  });

  it('charges each attachment type its own cost, stores it under a random name and serves it with safe headers', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const cases = [
      { type: 'image', file: { filename: 'photo.png', data: sampleFiles.png }, cost: 20, mime: 'image/png', disposition: /^inline/ },
      { type: 'document', file: { filename: 'paper.pdf', data: sampleFiles.pdf }, cost: 15, mime: 'application/pdf', disposition: /^attachment/ },
      { type: 'audio', file: { filename: 'song.mp3', data: sampleFiles.mp3 }, cost: 25, mime: 'audio/mpeg', disposition: /^attachment/ },
      { type: 'video', file: { filename: 'clip.mp4', data: sampleFiles.mp4 }, cost: 40, mime: 'video/mp4', disposition: /^attachment/ },
      { type: 'whatever', file: { filename: 'notes.txt', data: sampleFiles.text }, cost: 15, mime: 'text/plain; charset=utf-8', disposition: /^attachment/ },
    ];
    for (const c of cases) {
      const before = await balanceOf(ctx.app, guest.user.id);
      const sent = await sendFiles(guest.client, topic.id, [c.file], [c.type], 'ok');
      expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.payload.balance).toBe(before - 2 - c.cost);
      const [attachment] = sent.body.payload.message.attachments;
      expect(attachment).toMatchObject({ type: c.type === 'whatever' ? 'document' : c.type, original_filename: c.file.filename, filesize: c.file.data.length });
      const row = await ctx.db.selectFrom('attachments').selectAll().where('id', '=', attachment!.id).executeTakeFirstOrThrow();
      expect(row.path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      expect(row.path).not.toContain(c.file.filename);

      const served = await owner.client.get(attachment!.url);
      expect(served.statusCode).toBe(200);
      expect(served.raw.rawPayload.equals(c.file.data)).toBe(true);
      expect(served.headers['content-type']).toBe(c.mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-disposition'])).toMatch(c.disposition);
    }
    const untyped = await sendFiles(guest.client, topic.id, [{ filename: 'no-type.png', data: sampleFiles.png }], []);
    expect(untyped.body.payload.message).toMatchObject({ cost: 20, attachments: [{ type: 'image' }] }); // a missing type takes the content's class
    await expectLedgerConsistent(ctx.db);
  });

  it('with too few coins refuses with the cost and leaves no message, attachment row or file behind', async () => {
    const { guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 60 });
    const [messagesBefore, attachmentsBefore, filesBefore] = [await countRows(ctx, 'messages'), await countRows(ctx, 'attachments'), storedFiles(ctx).length];
    const sent = await sendFiles(
      guest.client,
      topic.id,
      [
        { filename: 'a.png', data: sampleFiles.png },
        { filename: 'b.mp4', data: sampleFiles.mp4 },
      ],
      ['image', 'video'],
      'hello',
    );
    expect(sent.statusCode).toBe(402);
    expect(sent.body).toMatchObject({ status: 'ERROR', message: englishText('chat.notEnoughCoins', { cost: 65 }), required: 65 });
    expect(await countRows(ctx, 'messages')).toBe(messagesBefore);
    expect(await countRows(ctx, 'attachments')).toBe(attachmentsBefore);
    expect(storedFiles(ctx)).toHaveLength(filesBefore);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(60);
    await expectLedgerConsistent(ctx.db);
  });

  it('refuses a PNG-named HTML file, an oversized file and a sixth file, storing nothing', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    const before = [await countRows(ctx, 'messages'), storedFiles(ctx).length, await balanceOf(ctx.app, guest.user.id)];

    const html = await sendFiles(guest.client, topic.id, [{ filename: 'cat.png', data: sampleFiles.html, contentType: 'image/png' }], ['image']);
    expect(html.statusCode).toBe(422);
    expect(html.body.message).toBe(texts.chat.imagesOnly);
    const htmlAsDocument = await sendFiles(guest.client, topic.id, [{ filename: 'page.txt', data: sampleFiles.html }], ['document']);
    expect(htmlAsDocument.body.message).toBe(texts.chat.invalidFile);
    const mismatch = await sendFiles(guest.client, topic.id, [{ filename: 'paper.pdf', data: sampleFiles.pdf }], ['image']);
    expect(mismatch.body.message).toBe(texts.chat.imagesOnly);

    const big = Buffer.concat([sampleFiles.png, Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await sendFiles(guest.client, topic.id, [{ filename: 'big.png', data: big }], ['image']);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.body.message).toBe(englishText('chat.fileTooLarge', { size: '5 MB' }));

    const six = Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.png`, data: sampleFiles.png }));
    const sixth = await sendFiles(
      guest.client,
      topic.id,
      six,
      six.map(() => 'image'),
    );
    expect(sixth.statusCode).toBe(422);
    expect(sixth.body.message).toBe(englishText('chat.maxFiles', { n: 5 }));

    const five = await sendFiles(
      guest.client,
      topic.id,
      six.slice(0, 5),
      six.slice(0, 5).map(() => 'image'),
    );
    expect(five.statusCode).toBe(200);
    expect(five.body.payload.message.attachments).toHaveLength(5);
    expect([await countRows(ctx, 'messages'), storedFiles(ctx).length, await balanceOf(ctx.app, guest.user.id)]).toEqual([
      before[0]! + 1,
      before[1]! + 5,
      before[2]! - 100,
    ]);
    await expectLedgerConsistent(ctx.db);
  });

  it('50 concurrent sends from a user with coins for exactly 20 store exactly 20', async () => {
    const { guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 100 });
    const sends = await Promise.all(Array.from({ length: 50 }, () => guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'abcde' })));
    expect(sends.filter((s) => s.statusCode === 200)).toHaveLength(20);
    expect(sends.filter((s) => s.statusCode === 402)).toHaveLength(30);
    const stored = await ctx.db.selectFrom('messages').select('id').where('topic_id', '=', topic.id).where('sender_id', '=', guest.user.id).execute();
    expect(stored).toHaveLength(20);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(0);
    await expectLedgerConsistent(ctx.db);
  });

  it('a resend with the same client_id stores and charges once, even concurrently', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    const before = await balanceOf(ctx.app, guest.user.id);
    const body = { topic_id: topic.id, content: 'once only', client_id: 'c-123' };
    const results = await Promise.all(Array.from({ length: 5 }, () => guest.client.post<{ message: Message }>('/api/messages/create', body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.payload.message.id)).size).toBe(1);
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(before - 9);
    await expectLedgerConsistent(ctx.db);
  });

  it('contributors send for free and earn their share of the counterpart payments, exactly and in the ledger', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app, { coins: 1000 }, { coins: 0, contributor: true });
    const free = await guest.client.post<{ message: Message; balance: number }>('/api/messages/create', { topic_id: topic.id, content: 'Hello, I can help' });
    expect(free.body.payload).toMatchObject({ balance: 0, message: { cost: 0 } });
    await owner.client.post('/api/messages/create', { topic_id: topic.id, content: 'abcdefg' }); // 7 → 3 (floor of 50 %)
    await sendFiles(owner.client, topic.id, [{ filename: 'a.mp4', data: sampleFiles.mp4 }], ['video'], 'see'); // 43 → 21
    expect(await balanceOf(ctx.app, guest.user.id)).toBe(24);
    const earnings = await ctx.db.selectFrom('ledger_entries').select(['amount', 'kind']).where('user_id', '=', guest.user.id).orderBy('id').execute();
    expect(earnings).toEqual([
      { amount: 3, kind: 'contributor_earning' },
      { amount: 21, kind: 'contributor_earning' },
    ]);
    expect(await balanceOf(ctx.app, owner.user.id)).toBe(1000 - 50 - 7 - 43);
    await expectLedgerConsistent(ctx.db);
  });

  it('publishes message.created and the balance after a send; companion messages are free', async () => {
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const { events, stop } = recordEvents(ctx.app);
    await guest.client.post('/api/messages/create', { topic_id: topic.id, content: 'ping' });
    const companion = await createCompanionMessage(ctx.db, ctx.app.clock, ctx.app.bus, { topicId: topic.id, content: 'Hello from Mia' });
    stop();
    expect(events[0]).toMatchObject({
      type: 'message.created',
      topicId: topic.id,
      senderId: guest.user.id,
      message: { content: 'ping', sender_id: null, sender: publicChatName(guest.user) },
    });
    expect(events[1]).toMatchObject({ type: 'balance', userId: guest.user.id, balance: 1000 - 4 });
    expect(events[2]).toMatchObject({ type: 'message.created', message: { id: companion.id, sender_kind: 'companion', sender: 'Mia', cost: 0 } });
    const list = await owner.client.get<{ data: Message[] }>(`/api/messages/index?topic_id=${topic.id}`);
    expect(list.body.payload.data.map((m) => m.content)).toEqual(['Hello from Mia', 'ping']);
  });

  it('pages newest first with the meta of spec §3 and resumes after an id', async () => {
    const { owner, topic } = await createChatPair(ctx.app);
    for (let i = 1; i <= 25; i++) await owner.client.post('/api/messages/create', { topic_id: topic.id, content: `m${i}` });
    const first = await owner.client.get<{ data: Message[]; meta: unknown }>(
      `/api/messages/index?topic_id=${topic.id}&page=1&page_size=20&order_by=id&order_dir=desc`,
    );
    expect(first.body.payload.data).toHaveLength(20);
    expect(first.body.payload.data[0]!.content).toBe('m25');
    expect(first.body.payload.meta).toEqual({ current_page: 1, per_page: 20, total: 25, last_page: 2, from: 1, to: 20 });
    const second = await owner.client.get<{ data: Message[]; meta: unknown }>(`/api/messages/index?topic_id=${topic.id}&page=2`);
    expect(second.body.payload.data.map((m) => m.content)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    const after = await owner.client.get<{ data: Message[] }>(`/api/messages/index?topic_id=${topic.id}&after_id=${first.body.payload.data[2]!.id}`);
    expect(after.body.payload.data.map((m) => m.content)).toEqual(['m24', 'm25']);
  });

  it('answers the attachment costs', async () => {
    const { owner } = await createChatPair(ctx.app);
    const costs = await owner.client.get('/api/messages/attachment-costs');
    expect(costs.body.payload).toEqual({
      image: 20,
      document: 15,
      audio: 25,
      video: 40,
      message_symbol_cost: 1,
      max_files: 5,
      max_file_bytes: 5 * 1024 * 1024,
    });
  });
});
