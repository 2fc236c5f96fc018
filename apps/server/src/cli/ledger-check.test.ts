import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, dialects, type TestContext } from '../../test/harness.js';
import { createUser } from '../../test/factories.js';
import { runLedgerCheck } from './ledger-check.js';

describe.each(dialects)('npm run ledger:check (%s)', (dialect) => {
  let ctx: TestContext;
  afterEach(async () => ctx?.close());

  it('passes on a consistent ledger and lists every account whose balance differs from its entries', async () => {
    ctx = await createTestContext(dialect);
    const rich = await createUser(ctx.db, { coins: 500 });
    await createUser(ctx.db, { coins: 20 });
    const lines: string[] = [];
    expect(await runLedgerCheck(ctx.db, (line) => lines.push(line))).toBe(true);
    expect(lines.join('\n')).toContain('Ledger consistent');

    // A restore that lost ledger rows, or a hand edit: the balance no longer equals its entries.
    await ctx.db.updateTable('users').set({ balance: 650 }).where('id', '=', rich.id).execute();
    lines.length = 0;
    expect(await runLedgerCheck(ctx.db, (line) => lines.push(line))).toBe(false);
    expect(lines[0]).toContain('Ledger INCONSISTENT: 1 balance(s)');
    expect(lines.join('\n')).toContain(`user ${rich.id}: balance 650, entries sum 500 (difference 150)`);
  });
});
