import {
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { type FastifyBaseLogger } from 'fastify';
import { type Invalidation } from '../lib/event-bus.js';
import { type Infra } from './infra.js';

/**
 * Sees every write that can change who a session is (an UPDATE of `users`, a DELETE from `sessions`
 * or `users`) and, once it changed rows, announces it so every instance drops the cached sessions it
 * affects (plugins/session-cache.ts). Balance-only updates (with the spending counters the same debit moves)
 * are left out: the cached user is a snapshot
 * for authorization, balances are read where they matter. Features need not remember to announce.
 */
export class AuthWritesPlugin implements KyselyPlugin {
  private readonly pending = new WeakMap<object, Invalidation>();

  constructor(private readonly announce: (message: Invalidation) => void) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const invalidation = invalidationOf(args.node);
    if (invalidation) this.pending.set(args.queryId, invalidation);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const invalidation = this.pending.get(args.queryId);
    if (invalidation) {
      this.pending.delete(args.queryId);
      const changed = args.result.numAffectedRows ?? BigInt(args.result.rows.length);
      if (changed > 0n) this.announce(invalidation);
    }
    return args.result;
  }
}

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

const BALANCE_ONLY = new Set(['balance', 'updated_at', 'spent_day', 'spent_day_key', 'spent_month', 'spent_month_key']);

function invalidationOf(root: RootOperationNode): Invalidation | undefined {
  const query = root as unknown as Node;
  const where = equalities(node(node(query.where)?.where));
  const byUser = (id: unknown): Invalidation => (typeof id === 'number' ? { kind: 'user', userId: id } : { kind: 'sessions' });
  if (query.kind === 'UpdateQueryNode' && tableName(node(query.table)) === 'users') {
    const columns = ((query.updates as Node[] | undefined) ?? []).map((u) => columnName(node(u.column)));
    if (columns.every((c) => c !== undefined && BALANCE_ONLY.has(c))) return undefined;
    return byUser(where.get('id'));
  }
  if (query.kind === 'DeleteQueryNode') {
    const table = tableName(node((node(query.from)?.froms as Node[] | undefined)?.[0]));
    if (table === 'users') return byUser(where.get('id'));
    if (table === 'sessions') {
      if (typeof where.get('id') === 'string') return { kind: 'session', sessionId: where.get('id') as string };
      return byUser(where.get('user_id'));
    }
  }
  return undefined;
}

/** The infrastructure with its database handle announcing session-relevant writes over the bus. */
export function announceAuthWrites(infra: Infra, log: FastifyBaseLogger): Infra {
  const plugin = new AuthWritesPlugin((message) => {
    infra.bus.invalidate(message).catch((error: unknown) => log.error({ err: error }, 'session invalidation not sent'));
  });
  return { ...infra, db: infra.db.withPlugin(plugin) };
}
