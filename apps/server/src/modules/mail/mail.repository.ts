import { type DbOrTrx } from '../../db/database.js';
import { type Insertable } from 'kysely';
import { type MailsTable } from './mail.table.js';

/** The dev mailbox: every mail stored, newest first (at most 50), optionally to one address. */
export function listDevMails(db: DbOrTrx, to?: string) {
  let query = db.selectFrom('mails').selectAll().orderBy('id', 'desc').limit(50);
  if (to) query = query.where('to', '=', to.toLowerCase());
  return query.execute();
}

export async function insertDevMail(db: DbOrTrx, mail: Insertable<MailsTable>) {
  await db.insertInto('mails').values(mail).execute();
}
