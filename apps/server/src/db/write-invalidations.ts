import { type OperationNode, type RootOperationNode } from 'kysely';
import { type Invalidation } from '../lib/event-bus.js';
import { type DbOrTrx } from './database.js';
import { isParameter, valueOf } from './statement-parameters.js';

/**
 * Which in-memory caches a write statement touches (plugins/cache-writes.ts announces them):
 * - sessions (plugins/session-cache.ts): an UPDATE of `users`, a DELETE from `sessions` or `users`.
 *   Balance-only updates (with the spending counters the same debit moves) are left out: the cached
 *   user is a snapshot for authorization, balances are read where they matter.
 * - conversations (modules/messages/poll-cache.ts): any write to `topics`, `topic_participants`,
 *   `messages` or `attachments`, by topic when the statement names it, else all of them.
 * - looks (modules/store/look-cache.ts): any write to `equipped_skins`, by user when the statement
 *   names one, else all of them; any write to `products` (a skin's look), all of them.
 * - languages and their texts (modules/reference/localization.service.ts): any write to `languages` or
 *   `localizations` (an admin's save, the seed), whichever feature makes it.
 */
type Node = OperationNode & Record<string, unknown>;
const node = (value: unknown) => value as Node | undefined;

const tableName = (table: Node | undefined): string | undefined => {
  if (table?.kind === 'TableNode') return node(node(table.table)?.identifier)?.name as string | undefined;
  if (table?.kind === 'AliasNode') return tableName(node(table.node));
  return undefined;
};

const columnName = (operand: Node | undefined): string | undefined => {
  if (operand?.kind === 'ReferenceNode') return columnName(node(operand.column));
  if (operand?.kind === 'ColumnNode') return node(operand.column)?.name as string | undefined;
  return undefined;
};

/** `column = value` conjuncts at the top of a WHERE (`a = 1 AND b >= 2` → {a: 1}). */
function equalities(where: Node | undefined, into = new Map<string, unknown>()) {
  if (where?.kind === 'AndNode') {
    equalities(node(where.left), into);
    equalities(node(where.right), into);
  } else if (where?.kind === 'BinaryOperationNode' && node(where.operator)?.operator === '=') {
    const column = columnName(node(where.leftOperand));
    const right = node(where.rightOperand);
    if (column && right?.kind === 'ValueNode') into.set(column, right.value);
  } else if (where?.kind === 'ParensNode') equalities(node(where.node), into);
  return into;
}

/** The values of one column in an INSERT's rows (undefined when a row's value is not a plain value). */
function insertedValues(query: Node, column: string): unknown[] | undefined {
  const index = ((query.columns as Node[] | undefined) ?? []).findIndex((c) => node(c.column)?.name === column);
  const rows = node(query.values);
  if (index < 0 || rows?.kind !== 'ValuesNode') return undefined;
  return (rows.values as Node[]).map((row) => {
    if (row.kind === 'PrimitiveValueListNode') return (row.values as unknown[])[index];
    const value = node((row.values as unknown[] | undefined)?.[index]);
    return value?.kind === 'ValueNode' ? value.value : undefined;
  });
}

const BALANCE_ONLY = new Set(['balance', 'promo_balance', 'promo_moved', 'updated_at', 'spent_day', 'spent_day_key', 'spent_month', 'spent_month_key']);
const CONVERSATION_TABLES = new Set(['topics', 'topic_participants', 'messages', 'attachments']);
const LANGUAGE_TABLES = new Set(['languages', 'localizations']);
const LOOK_TABLES = new Set(['equipped_skins', 'products']);

/**
 * An id a statement names: a number, or the stand-in of a prepared statement's value (then the
 * invalidation is a template that resolveInvalidation completes with the run's values).
 */
const isId = (id: unknown) => typeof id === 'number' || isParameter(id);
const byUser = (id: unknown): Invalidation => (isId(id) ? { kind: 'user', userId: id as number } : { kind: 'sessions' });
const byTopic = (id: unknown): Invalidation => (isId(id) ? { kind: 'topic', topicId: id as number } : { kind: 'topics' });
const byLook = (id: unknown): Invalidation => (isId(id) ? { kind: 'look', userId: id as number } : { kind: 'looks' });

function targetTable(query: Node): string | undefined {
  if (query.kind === 'UpdateQueryNode') return tableName(node(query.table));
  if (query.kind === 'InsertQueryNode') return tableName(node(query.into));
  return tableName(node((node(query.from)?.froms as Node[] | undefined)?.[0]));
}

function authInvalidation(query: Node, table: string | undefined, where: Map<string, unknown>): Invalidation | undefined {
  if (query.kind === 'UpdateQueryNode' && table === 'users') {
    const columns = ((query.updates as Node[] | undefined) ?? []).map((u) => columnName(node(u.column)));
    if (columns.every((c) => c !== undefined && BALANCE_ONLY.has(c))) return undefined;
    return byUser(where.get('id'));
  }
  if (query.kind === 'DeleteQueryNode') {
    if (table === 'users') return byUser(where.get('id'));
    if (table === 'sessions') {
      const id = where.get('id');
      if (typeof id === 'string' || isParameter(id)) return { kind: 'session', sessionId: id as string };
      return byUser(where.get('user_id'));
    }
  }
  return undefined;
}

function conversationInvalidations(query: Node, table: string, where: Map<string, unknown>): Invalidation[] {
  // A new topic is in nobody's cache yet.
  if (table === 'topics') return query.kind === 'InsertQueryNode' ? [] : [byTopic(where.get('id'))];
  if (table === 'attachments') return query.kind === 'InsertQueryNode' ? [] : [{ kind: 'topics' }];
  if (query.kind === 'InsertQueryNode') {
    // topic_participants and messages carry their topic.
    const ids = insertedValues(query, 'topic_id');
    return ids ? [...new Set(ids)].map(byTopic) : [{ kind: 'topics' }];
  }
  return [byTopic(where.get('topic_id'))];
}

function lookInvalidations(query: Node, table: string, where: Map<string, unknown>): Invalidation[] {
  if (table === 'products') return [{ kind: 'looks' }];
  if (query.kind === 'InsertQueryNode') {
    const ids = insertedValues(query, 'user_id');
    return ids ? [...new Set(ids)].map(byLook) : [{ kind: 'looks' }];
  }
  return [byLook(where.get('user_id'))];
}

/** What a statement announces once it changed rows (reads announce nothing). */
export function invalidationsOf(root: RootOperationNode): Invalidation[] {
  if (root.kind !== 'UpdateQueryNode' && root.kind !== 'DeleteQueryNode' && root.kind !== 'InsertQueryNode') return [];
  const query = root as unknown as Node;
  const table = targetTable(query);
  const where = equalities(node(node(query.where)?.where));
  const auth = authInvalidation(query, table, where);
  const conversation = table !== undefined && CONVERSATION_TABLES.has(table) ? conversationInvalidations(query, table, where) : [];
  if (table !== undefined && LANGUAGE_TABLES.has(table)) conversation.push({ kind: 'localizations' });
  if (table !== undefined && LOOK_TABLES.has(table)) conversation.push(...lookInvalidations(query, table, where));
  return auth ? [auth, ...conversation] : conversation;
}

/**
 * A prepared statement's invalidation (derived once from the statement built with stand-ins) for one
 * run: the stand-ins replaced by the run's values; a value that is not an id widens it as above.
 */
export function resolveInvalidation(template: Invalidation, values: Record<string, unknown>): Invalidation {
  switch (template.kind) {
    case 'user':
      return byUser(valueOf(template.userId, values));
    case 'topic':
      return byTopic(valueOf(template.topicId, values));
    case 'look':
      return byLook(valueOf(template.userId, values));
    case 'session': {
      const id = valueOf(template.sessionId, values);
      return typeof id === 'string' ? { kind: 'session', sessionId: id } : { kind: 'sessions' };
    }
    default:
      return template;
  }
}

/** The method by which a plugin of the database handle announces writes (plugins/cache-writes.ts). */
export const ANNOUNCE = Symbol('announce a cache-relevant write');

export interface WriteAnnouncer {
  [ANNOUNCE](invalidation: Invalidation): void;
}

/** Announces a write made without the handle's plugins (db/prepared.ts), through the handle's announcer if it has one. */
export function announceWrite(db: DbOrTrx, invalidation: Invalidation) {
  for (const plugin of db.getExecutor().plugins) if (ANNOUNCE in plugin) (plugin as unknown as WriteAnnouncer)[ANNOUNCE](invalidation);
}
