import { type Kysely, sql } from 'kysely';

/**
 * Companion replies move onto the durable job queue (modules/jobs): each reply row still
 * pending or being written gets its `companion.reply` job, due when the row is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const open = await sql<{ id: number; due_at: string; created_at: string }>`
    SELECT id, due_at, created_at FROM companion_replies WHERE status IN ('pending', 'processing')
  `.execute(db);
  for (const row of open.rows) {
    await sql`
      INSERT INTO jobs (kind, payload, status, attempts, max_attempts, run_at, dedupe_key, created_at, updated_at)
      VALUES ('companion.reply', ${JSON.stringify({ replyId: Number(row.id) })}, 'pending', 0, 10, ${row.due_at},
              ${`companion-reply:${row.id}`}, ${row.created_at}, ${row.created_at})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM jobs WHERE kind = 'companion.reply'`.execute(db);
}
