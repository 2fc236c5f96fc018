import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Message } from '@parley/contracts';
import { createChatPair, sampleFiles, sendFiles } from './chat.js';
import { TestClient } from './client.js';
import { DEFAULT_PASSWORD } from './factories.js';
import { createTestContext, dialects, type TestContext } from './harness.js';
import { startS3 } from './s3-server.js';

describe.each(dialects)('attachments in S3-compatible storage (STORAGE=s3) on %s', (dialect) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3();
    // Each instance its own DATA_DIR: nothing can be shared through local disk.
    ctx = await createTestContext(dialect, { env: { ...s3.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-a-')) } });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });

  it('two instances on one database serve each other’s uploads; an unknown key is a 404', async () => {
    const other = await ctx.buildAnother({ config: { ...ctx.config, dataDir: mkdtempSync(join(tmpdir(), 'parley-b-')) } });
    const { owner, guest, topic } = await createChatPair(ctx.app);
    const sent = await sendFiles(guest.client, topic.id, [{ filename: 'cat.png', data: sampleFiles.png, contentType: 'image/png' }], ['image']);
    expect(sent.body.status).toBe('OK');
    const attachment = sent.body.payload.message.attachments[0]!;

    // The owner reads it through the other instance.
    const ownerOnOther = new TestClient(other);
    await ownerOnOther.login(owner.user.email, DEFAULT_PASSWORD);
    const fetched = await ownerOnOther.get(`/api/attachments/${attachment.id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.raw.rawPayload.equals(sampleFiles.png)).toBe(true);

    // And the other way round: uploaded on the second instance, read on the first.
    const guestOnOther = new TestClient(other);
    await guestOnOther.login(guest.user.email, DEFAULT_PASSWORD);
    const second = await sendFiles(guestOnOther, topic.id, [{ filename: 'notes.pdf', data: sampleFiles.pdf }], ['document']);
    const secondId = (second.body.payload as { message: Message }).message.attachments[0]!.id;
    const back = await owner.client.get(`/api/attachments/${secondId}`);
    expect(back.statusCode).toBe(200);
    expect(back.raw.rawPayload.equals(sampleFiles.pdf)).toBe(true);

    const row = await ctx.db.selectFrom('attachments').select('path').where('id', '=', secondId).executeTakeFirstOrThrow();
    await ctx.app.storage.delete(row.path);
    expect(await ctx.app.storage.get(row.path)).toBeNull();
    expect((await owner.client.get(`/api/attachments/${secondId}`)).statusCode).toBe(404);
  });
});
