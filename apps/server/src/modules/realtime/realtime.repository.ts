import { type DbOrTrx } from '../../db/database.js';

/** Of these sessions, the ones that exist and have not expired (checked in chunks). */
export async function findLiveSessionIds(db: DbOrTrx, sessionIds: string[], now: string) {
  const live = new Set<string>();
  for (let i = 0; i < sessionIds.length; i += 500) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', sessionIds.slice(i, i + 500))
      .where('expires_at', '>', now)
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/** The signed-in user of a session (a WebSocket `?ticket=` names one). */
export function findSessionUser(db: DbOrTrx, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}
