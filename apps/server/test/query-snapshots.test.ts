import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Database } from '../src/db/database.js';
import { type PreparedStatement } from '../src/db/prepared.js';
import { ledgerQueries, spendForRowValues } from '../src/modules/ledger/ledger.repository.js';
import { spendForRow } from '../src/modules/ledger/ledger.service.js';
import { sendQueries, sendStatement } from '../src/modules/messages/messages.repository.js';
import { senderAccess } from '../src/modules/topics/topics.access.js';

/**
 * Issue 37 §1: the SQL of the send's statements and the ledger's, as each database runs them, committed under
 * test/queries/ — a change to a query builder shows up in review as a change of SQL. Compiled only (no
 * connection), so both dialects are checked on every run. `npx vitest run --project server -u <this file>`
 * rewrites them after an intended change.
 */
const never = async (): Promise<never> => {
  throw new Error('compile only');
};
const dialects = {
  postgres: new Kysely<Database>({ dialect: new PostgresDialect({ pool: never }) }),
  sqlite: new Kysely<Database>({ dialect: new SqliteDialect({ database: never }) }),
};

const message = { topic_id: 1, sender_id: 2, sender_kind: 'user', content: 'x', cost: 1, look: null, client_id: null, created_at: 'now' };
const spending = { now: 'now', day: 'd', month: 'm' };
const charge = spendForRowValues(
  { user_id: 2, amount: -1, kind: 'message', reference_type: 'message', keyPrefix: 'message:', note: null, created_at: 'now' },
  { userId: 2, amount: -1, spending },
);
const moveAndEntry = {
  userId: 1,
  amount: 1,
  promo: 0,
  ...spending,
  entryUserId: 1,
  entryAmount: 1,
  entryKind: 'top_up',
  entryReferenceType: null,
  entryReferenceId: null,
  entryKey: 'k',
  entryNote: null,
  entryCreatedAt: 'now',
};
const send = sendStatement({ access: senderAccess, spend: spendForRow });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each statement takes its own values
type AnyStatement = PreparedStatement<any, unknown>;
const statements: [string, 'both' | 'postgres' | 'sqlite', AnyStatement, Record<string, unknown>][] = [
  ['send-free', 'postgres', send.statements.free, { ...message, adult: 1 }],
  ['send-paid', 'postgres', send.statements.paid, { ...message, adult: 1, ...charge }],
  ['message-at-next-seq', 'postgres', sendQueries.insertAtNextSeqCte, message],
  ['take-next-seq', 'sqlite', sendQueries.takeNextSeq, { topicId: 1, now: 'now' }],
  ['message-at-seq', 'sqlite', sendQueries.insertAtSeq, { ...message, seq: 1 }],
  ['ledger-spend', 'sqlite', ledgerQueries.spend, { userId: 1, coins: 1, ...spending }],
  ['ledger-credit', 'sqlite', ledgerQueries.credit, { userId: 1, amount: 1, promo: 0 }],
  ['ledger-debit', 'sqlite', ledgerQueries.debit, { userId: 1, amount: 1 }],
  ['ledger-debit-promo-first', 'sqlite', ledgerQueries.debitPromoFirst, { userId: 1, amount: 1 }],
  [
    'ledger-entry',
    'sqlite',
    ledgerQueries.insertEntry,
    {
      user_id: 1,
      amount: 1,
      kind: 'k',
      reference_type: null,
      reference_id: null,
      idempotency_key: 'k',
      note: null,
      created_at: 'now',
      balance_after: 1,
      promo_amount: 0,
    },
  ],
  ['ledger-spend-with-entry', 'postgres', ledgerQueries.movesWithEntry.spend, moveAndEntry],
  ['ledger-credit-with-entry', 'postgres', ledgerQueries.movesWithEntry.credit, moveAndEntry],
  ['ledger-debit-with-entry', 'postgres', ledgerQueries.movesWithEntry.debit, moveAndEntry],
  ['ledger-debit-promo-first-with-entry', 'postgres', ledgerQueries.movesWithEntry.debitPromoFirst, moveAndEntry],
];

describe('the SQL of the send and the ledger (test/queries)', () => {
  for (const [name, where, statement, values] of statements)
    for (const dialect of ['postgres', 'sqlite'] as const)
      if (where === 'both' || where === dialect)
        it(`${name} on ${dialect}`, async () => {
          await expect(statement.sqlFor(dialects[dialect], values) + '\n').toMatchFileSnapshot(`./queries/${name}.${dialect}.sql`);
        });
});
