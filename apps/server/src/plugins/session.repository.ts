import { type Insertable } from 'kysely';
import { type Db } from '../db/database.js';
import { type SessionsTable } from '../modules/auth/auth.table.js';

/** A session and its user, by the token's hash (the session cache's one read). */
export function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

/** Slides a session's expiry (at most once per touch interval, see session.ts). */
export async function touchSession(db: Db, id: string, lastSeenAt: string, expiresAt: string) {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function insertSession(db: Db, session: Insertable<SessionsTable>) {
  await db.insertInto('sessions').values(session).execute();
}
