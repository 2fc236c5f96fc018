import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextOptions, createChatPair, sampleFiles, sendFiles } from '../../../test/chat.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

describe.each(dialects)('attachment names on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, chatContextOptions());
  });
  afterAll(() => ctx.close());

  it('strips bidirectional control characters, so a name cannot display as another extension', async () => {
    const { guest, topic } = await createChatPair(ctx.app);
    // Shown as "invoice‮fdp.exe" → "invoiceexe.pdf" by a bidi-aware renderer.
    const sent = await sendFiles(guest.client, topic.id, [{ filename: 'invoice\u202Efdp.exe\u2066x\u2069\u200F.pdf', data: sampleFiles.pdf }], ['document']);
    expect(sent.body.status).toBe('OK');
    const name = sent.body.payload.message.attachments[0]!.original_filename;
    expect(name).toBe('invoicefdp.exex.pdf');
    const stored = await ctx.db.selectFrom('attachments').select('original_filename').executeTakeFirstOrThrow();
    expect(stored.original_filename).toBe('invoicefdp.exex.pdf');
  });
});
