import { type DbOrTrx } from '../../db/database.js';
import { type ContentRuleAction, type ContentRuleKind } from './moderation.table.js';

export const listRules = (db: DbOrTrx) => db.selectFrom('content_rules').selectAll().orderBy('id').execute();

export const listActiveRules = (db: DbOrTrx) => db.selectFrom('content_rules').selectAll().where('is_active', '=', 1).orderBy('id').execute();

export const findRule = (db: DbOrTrx, id: number) => db.selectFrom('content_rules').selectAll().where('id', '=', id).executeTakeFirst();

export const insertRule = (db: DbOrTrx, values: { kind: ContentRuleKind; pattern: string; action: ContentRuleAction; is_active: number; now: string }) =>
  db
    .insertInto('content_rules')
    .values({ kind: values.kind, pattern: values.pattern, action: values.action, is_active: values.is_active, created_at: values.now, updated_at: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateRule = (
  db: DbOrTrx,
  id: number,
  values: { kind: ContentRuleKind; pattern: string; action: ContentRuleAction; is_active: number; now: string },
) =>
  db
    .updateTable('content_rules')
    .set({ kind: values.kind, pattern: values.pattern, action: values.action, is_active: values.is_active, updated_at: values.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const deleteRule = (db: DbOrTrx, id: number) => db.deleteFrom('content_rules').where('id', '=', id).executeTakeFirst();
