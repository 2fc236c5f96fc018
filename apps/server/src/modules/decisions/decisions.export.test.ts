import { readFileSync } from 'node:fs';
import { dsaStatementFields, dsaStatementSchema, type DsaStatement } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatPair } from '../../../test/chat.js';
import { type TestClient } from '../../../test/client.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';

/** RFC 4180 rows: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The field list documented in docs/DSA.md ("### Fields" table, first column). */
function documentedFields(): { field: string; values: string }[] {
  const doc = readFileSync(new URL('../../../../../docs/DSA.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('### Fields'));
  return [...table.matchAll(/^\| `([a-z_]+)` \| [^|]+ \| ([^\n]+) \|$/gm)].map((m) => ({ field: m[1]!, values: m[2]! }));
}

describe.each(dialects)('statements export in the DSA transparency-database field set on %s', (dialect) => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = (await createSignedInUser(ctx.app, { role: 'admin' })).client;
    const banned = await createSignedInUser(ctx.app);
    await admin.post(`/api/admin/users/${banned.user.id}/ban`, { reason: '=HYPERLINK("x") spam' });
    const { topic } = await createChatPair(ctx.app);
    await admin.post(`/api/admin/topics/${topic.id}/close`, { reason: 'Off-topic.' });
  });
  afterAll(() => ctx.close());

  it('answers exactly the documented fields, in order, with documented values, in JSON and CSV', async () => {
    const documented = documentedFields();
    expect(documented.map((d) => d.field)).toEqual([...dsaStatementFields]);

    const json = await admin.get<{ fields: string[]; statements: DsaStatement[] }>('/api/admin/statements/export');
    expect(json.statusCode).toBe(200);
    expect(json.body.payload.fields).toEqual(documented.map((d) => d.field));
    const statements = json.body.payload.statements;
    expect(statements.length).toBeGreaterThanOrEqual(3);
    for (const statement of statements) {
      expect(Object.keys(statement)).toEqual(documented.map((d) => d.field));
      dsaStatementSchema.parse(statement);
      // Every enumerated value a row carries is one the documentation lists for its field.
      for (const { field, values } of documented) {
        const value = statement[field as keyof DsaStatement];
        for (const code of [value].flat()) if (typeof code === 'string' && /^[A-Z_]+$/.test(code) && code.length > 3) expect(values).toContain(code);
      }
      // A restriction of some kind, as the database requires.
      expect(
        [statement.decision_visibility.length > 0, statement.decision_monetary, statement.decision_provision, statement.decision_account].some(Boolean),
      ).toBe(true);
    }
    const ban = statements.find((s) => s.decision_account === 'DECISION_ACCOUNT_SUSPENDED')!;
    expect(ban).toMatchObject({ automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED', source_type: 'SOURCE_VOLUNTARY' });

    const csv = await admin.get('/api/admin/statements/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.raw.body);
    expect(rows[0]).toEqual(documented.map((d) => d.field));
    expect(rows).toHaveLength(statements.length + 1);
    // A cell a spreadsheet would run as a formula is made inert.
    expect(rows.flat().some((cell) => cell.startsWith('='))).toBe(false);
    // No person's e-mail or name leaves in the export.
    expect(csv.raw.body).not.toMatch(/@/);
  });
});
