import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../lib/storage.js';
import { createUser } from '../../../test/factories.js';
import { createTestContext, dialects, FakeClock, type TestContext } from '../../../test/harness.js';
import { saveSettings } from '../reference/settings.service.js';
import { RETENTION_BATCH } from './retention.job.js';

const DAY = 24 * 3600_000;

describe.each(dialects)('retention on %s', (dialect) => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-11-27T10:30:00.000Z'));
  const uploads = mkdtempSync(join(tmpdir(), 'parley-retention-'));
  const storage = createLocalDiskStorage(uploads);
  const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
  // Past every default retention (the longest is two years), and within every one (the shortest is a day).
  const old = () => ago(800 * DAY);
  const recent = () => ago(12 * 3600_000);

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { infra: { clock, storage }, config: { jobs: { pollMs: 3600_000 } } });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  /** Runs the hourly job as the worker does: in the next hour's slot. */
  async function runRetention() {
    clock.advance(3600_000);
    await ctx.app.jobs.runDue();
    const run = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', 'retention.prune')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ status: 'done', last_error: null });
  }

  async function createMessageWithFile(senderId: number, createdAt: string) {
    const now = clock.now().toISOString();
    const topic = await ctx.db
      .insertInto('topics')
      .values({
        room_id: null,
        user_id: senderId,
        title: 'Files',
        chat_mode: 'human',
        companion_name: 'Mia',
        highlight_color: null,
        color: null,
        terms_title: 't',
        terms_description: 'd',
        terms_rules: '[]',
        waiting_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const message = await ctx.db
      .insertInto('messages')
      .values({ topic_id: topic.id, seq: 1, sender_id: senderId, sender_kind: 'user', content: 'see file', look: null, client_id: null, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = await storage.put(Buffer.from(`file of ${senderId}`));
    await ctx.db
      .insertInto('attachments')
      .values({ message_id: message.id, type: 'document', path, original_filename: 'a.pdf', mime: 'application/pdf', filesize: 10, created_at: createdAt })
      .execute();
    return { messageId: message.id, path };
  }

  it('deletes rows past their retention and keeps newer ones, on every kept table', async () => {
    const user = await createUser(ctx.db);
    const heldBase = { sender_id: user.id, cost: 0, client_id: null, rule_id: null, message_id: null, decided_by: null, content: 'held' };
    const { messageId } = await createMessageWithFile(user.id, old());
    const topicId = (await ctx.db.selectFrom('messages').select('topic_id').where('id', '=', messageId).executeTakeFirstOrThrow()).topic_id;
    for (const [label, at] of [
      ['old', old()],
      ['recent', recent()],
    ] as const) {
      await ctx.db
        .insertInto('notifications')
        .values({ user_id: user.id, kind: 'notice', title: label, body: label, link: null, dedupe_key: null, created_at: at, read_at: null, delivered_at: at })
        .execute();
      await ctx.db
        .insertInto('audit_log')
        .values({ actor_id: null, action: label, subject_type: null, subject_id: null, before: null, after: null, created_at: at })
        .execute();
      await ctx.db
        .insertInto('payment_events')
        .values({
          gateway: 'sandbox',
          event_id: `evt_${label}_${dialect}`,
          kind: 'succeeded',
          reference: `deposit:${label}`,
          amount_cents: 500,
          created_at: at,
        })
        .execute();
      await ctx.db
        .insertInto('held_messages')
        .values({ ...heldBase, topic_id: topicId, content: label, status: 'rejected', decided_at: at, created_at: at })
        .execute();
      for (const status of ['done', 'dead'] as const)
        await ctx.db
          .insertInto('jobs')
          .values({
            kind: `test.${label}`,
            payload: '{}',
            status,
            max_attempts: 1,
            run_at: at,
            dedupe_key: null,
            last_error: null,
            finished_at: at,
            created_at: at,
            updated_at: at,
          })
          .execute();
    }
    // Waiting for a moderator: kept whatever its age.
    await ctx.db
      .insertInto('held_messages')
      .values({ ...heldBase, topic_id: topicId, content: 'pending', decided_at: null, created_at: old() })
      .execute();

    await runRetention();

    expect(await ctx.db.selectFrom('notifications').select('title').where('user_id', '=', user.id).execute()).toEqual([{ title: 'recent' }]);
    expect(await ctx.db.selectFrom('audit_log').select('action').execute()).toEqual([{ action: 'recent' }]);
    expect(await ctx.db.selectFrom('payment_events').select('reference').execute()).toEqual([{ reference: 'deposit:recent' }]);
    expect(await ctx.db.selectFrom('held_messages').select('content').orderBy('id').execute()).toEqual([{ content: 'recent' }, { content: 'pending' }]);
    const jobs = await ctx.db.selectFrom('jobs').select(['kind', 'status']).where('kind', 'like', 'test.%').orderBy('id').execute();
    expect(jobs).toEqual([
      { kind: 'test.recent', status: 'done' },
      { kind: 'test.recent', status: 'dead' },
    ]);
    // Messages are never pruned, and a live account's files stay.
    expect(await ctx.db.selectFrom('messages').select('id').where('id', '=', messageId).execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('attachments').select('id').where('message_id', '=', messageId).execute()).toHaveLength(1);
  });

  it("removes the files of accounts deleted longer ago than the setting, rows and stored objects, and keeps the others'", async () => {
    const longGone = await createUser(ctx.db);
    const justGone = await createUser(ctx.db);
    const living = await createUser(ctx.db);
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: ago(31 * DAY) })
      .where('id', '=', longGone.id)
      .execute();
    await ctx.db
      .updateTable('users')
      .set({ deleted_at: ago(2 * DAY) })
      .where('id', '=', justGone.id)
      .execute();
    const gone = [await createMessageWithFile(longGone.id, old()), await createMessageWithFile(longGone.id, recent())];
    const kept = [await createMessageWithFile(justGone.id, old()), await createMessageWithFile(living.id, old())];
    for (const file of [...gone, ...kept]) expect(await storage.get(file.path)).not.toBeNull();

    await runRetention();

    for (const file of gone) {
      expect(await storage.get(file.path)).toBeNull();
      expect(await ctx.db.selectFrom('attachments').select('id').where('message_id', '=', file.messageId).execute()).toEqual([]);
    }
    for (const file of kept) {
      expect(await storage.get(file.path)).not.toBeNull();
      expect(await ctx.db.selectFrom('attachments').select('id').where('message_id', '=', file.messageId).execute()).toHaveLength(1);
    }
    // The messages themselves stay for the partners, under 'Deleted user'.
    expect(await ctx.db.selectFrom('messages').select('id').where('sender_id', '=', longGone.id).execute()).toHaveLength(2);
  });

  it('follows the settings: 0 keeps forever, a shorter period prunes more; a backlog goes in batches', async () => {
    const user = await createUser(ctx.db);
    const notice = (title: string, at: string) => ({
      user_id: user.id,
      kind: 'notice',
      title,
      body: title,
      link: null,
      dedupe_key: null,
      created_at: at,
      read_at: null,
      delivered_at: at,
    });
    await ctx.db
      .insertInto('notifications')
      .values(Array.from({ length: RETENTION_BATCH * 2 + 3 }, (_, i) => notice(`backlog ${i}`, ago(10 * DAY))))
      .execute();
    await ctx.db.insertInto('notifications').values(notice('ancient', old())).execute();

    await saveSettings(ctx.db, { retention_notifications_days: 0 });
    await runRetention();
    expect(await ctx.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toHaveLength(RETENTION_BATCH * 2 + 4);

    await saveSettings(ctx.db, { retention_notifications_days: 7 });
    await runRetention();
    expect(await ctx.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
