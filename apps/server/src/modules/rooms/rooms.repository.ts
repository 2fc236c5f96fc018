import { type DbOrTrx } from '../../db/database.js';

/** Visible rooms in their admin-set order. */
export function listVisibleRooms(db: DbOrTrx, limit: number, offset: number) {
  return db
    .selectFrom('rooms')
    .select(['id', 'title', 'border_color'])
    .where('is_hidden', '=', 0)
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countVisibleRooms(db: DbOrTrx) {
  const row = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
