import { type DbOrTrx } from '../../db/database.js';
import { type InstancesTable } from './system.table.js';

/** Writes this instance's row (first beat inserts, later ones move `last_seen`). */
export async function upsertInstance(db: DbOrTrx, row: InstancesTable): Promise<void> {
  await db
    .insertInto('instances')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen: row.last_seen, version: row.version }))
    .execute();
}

export const listInstancesSeenSince = (db: DbOrTrx, since: string) =>
  db.selectFrom('instances').selectAll().where('last_seen', '>=', since).orderBy('started_at').orderBy('id').execute();

/** Instances not seen for a long time (stopped, or restarted under a new id). */
export async function deleteInstancesSeenBefore(db: DbOrTrx, before: string): Promise<void> {
  await db.deleteFrom('instances').where('last_seen', '<', before).execute();
}

export const deleteInstance = (db: DbOrTrx, id: string) => db.deleteFrom('instances').where('id', '=', id).execute();

export const findMark = (db: DbOrTrx, name: string) => db.selectFrom('system_marks').selectAll().where('name', '=', name).executeTakeFirst();

export async function saveMark(db: DbOrTrx, mark: { name: string; at: string; note: string | null; recorded_by: string; updated_at: string }) {
  await db
    .insertInto('system_marks')
    .values(mark)
    .onConflict((oc) => oc.column('name').doUpdateSet({ at: mark.at, note: mark.note, recorded_by: mark.recorded_by, updated_at: mark.updated_at }))
    .execute();
}
