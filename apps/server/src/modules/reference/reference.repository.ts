import { type DbOrTrx } from '../../db/database.js';

export const listLanguages = (db: DbOrTrx) => db.selectFrom('languages').selectAll().orderBy('id').execute();

export const findDefaultLanguage = (db: DbOrTrx) => db.selectFrom('languages').selectAll().orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();

export const listLocalizations = (db: DbOrTrx, languageId: number) =>
  db.selectFrom('localizations').select(['key', 'value']).where('language_id', '=', languageId).execute();

export const listCountries = (db: DbOrTrx) => db.selectFrom('countries').selectAll().orderBy('title').execute();
export const listCurrencies = (db: DbOrTrx) => db.selectFrom('currencies').selectAll().orderBy('is_default', 'desc').orderBy('code').execute();
export const listFaqs = (db: DbOrTrx) => db.selectFrom('faqs').selectAll().orderBy('position').orderBy('id').execute();
export const listSocialLinks = (db: DbOrTrx) => db.selectFrom('social_links').selectAll().orderBy('position').orderBy('id').execute();
export const listStaticPages = (db: DbOrTrx) => db.selectFrom('static_pages').selectAll().orderBy('id').execute();

export function findStaticPage(db: DbOrTrx, idOrSlug: string) {
  const query = db.selectFrom('static_pages').selectAll();
  return /^\d{1,9}$/.test(idOrSlug) ? query.where('id', '=', Number(idOrSlug)).executeTakeFirst() : query.where('slug', '=', idOrSlug).executeTakeFirst();
}

export const findUserLanguageId = async (db: DbOrTrx, userId: number) =>
  (await db.selectFrom('users').select('language_id').where('id', '=', userId).executeTakeFirst())?.language_id ?? null;
