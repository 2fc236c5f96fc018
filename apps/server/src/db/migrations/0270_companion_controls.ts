import { type Kysely } from 'kysely';

/**
 * Issue 34 §1, the AI answers at once and obeys:
 * - `companion_personas.human_delay`: the human-like reply delay (`bot_reply_interval_min/max`) is opt-in per persona, off by default;
 * - `messages.variant_of`: a regenerated companion reply names the first reply of its group (its siblings share it);
 * - `companion_replies.regenerates_message_id`: the reply a regeneration replaces (such a reply refunds nothing when it fails);
 * - `companion_replies.stopped_at`: when the owner stopped the reply (what was shown is what was stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('companion_personas')
    .addColumn('human_delay', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messages').addColumn('variant_of', 'integer').execute();
  await db.schema.alterTable('companion_replies').addColumn('regenerates_message_id', 'integer').execute();
  await db.schema.alterTable('companion_replies').addColumn('stopped_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companion_replies').dropColumn('stopped_at').execute();
  await db.schema.alterTable('companion_replies').dropColumn('regenerates_message_id').execute();
  await db.schema.alterTable('messages').dropColumn('variant_of').execute();
  await db.schema.alterTable('companion_personas').dropColumn('human_delay').execute();
}
