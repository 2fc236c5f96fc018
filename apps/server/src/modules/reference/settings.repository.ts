import { type DbOrTrx } from '../../db/database.js';

/** Every stored setting as its JSON text (the service merges them over the defaults). */
export function selectSettingRows(db: DbOrTrx) {
  return db.selectFrom('settings').select(['key', 'value']).execute();
}

export async function upsertSetting(db: DbOrTrx, key: string, json: string) {
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
