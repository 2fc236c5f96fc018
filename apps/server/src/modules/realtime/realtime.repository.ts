import { type DbOrTrx } from '../../db/database.js';

/** The signed-in user behind a `?token=` bearer (browsers cannot set headers on a WebSocket). */
export function findSessionUser(db: DbOrTrx, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}
