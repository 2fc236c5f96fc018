import { type DbOrTrx } from '../../db/database.js';

export function listLanguages(db: DbOrTrx) {
  return db.selectFrom('languages').select(['id', 'code', 'title']).orderBy('id').execute();
}

/** The default language (the fallback of every text): the one marked default, else the first. */
export function findDefaultLanguageId(db: DbOrTrx) {
  return db.selectFrom('languages').select('id').orderBy('is_default', 'desc').orderBy('id').executeTakeFirstOrThrow();
}

/** Every stored text, of every language or of the ones given. */
export function selectLocalizationRows(db: DbOrTrx, languageIds?: number[]) {
  let query = db.selectFrom('localizations').select(['language_id', 'key', 'value']);
  if (languageIds) query = query.where('language_id', 'in', languageIds);
  return query.execute();
}

export function findLocalization(db: DbOrTrx, languageId: number, key: string) {
  return db.selectFrom('localizations').select(['key', 'value']).where('language_id', '=', languageId).where('key', '=', key).executeTakeFirst();
}

export async function upsertLocalization(db: DbOrTrx, languageId: number, key: string, value: string) {
  await db
    .insertInto('localizations')
    .values({ language_id: languageId, key, value })
    .onConflict((oc) => oc.columns(['language_id', 'key']).doUpdateSet({ value }))
    .execute();
}

export async function deleteLocalizationRow(db: DbOrTrx, languageId: number, key: string) {
  await db.deleteFrom('localizations').where('language_id', '=', languageId).where('key', '=', key).execute();
}
