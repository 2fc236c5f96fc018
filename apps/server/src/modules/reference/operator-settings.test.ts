import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { seedDatabase } from './seed.js';

interface OperatorSettings {
  requisites: string[];
  copyright: string;
  support_email: string;
  support_phone: string;
}

/** Issue 30: a real operator's receipts and footer never carry the demo's fictional company. */
describe.each(dialects)('operator requisites on %s', (dialect) => {
  describe('without demo data (production)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { seedDemo: false });
    });
    afterAll(() => ctx.close());

    it('seeds no company: requisites, copyright and support contacts are empty until the admin sets them', async () => {
      const { body } = await new TestClient(ctx.app).get<OperatorSettings>('/api/settings');
      expect(body.payload).toMatchObject({ requisites: ['', '', ''], copyright: '', support_email: '', support_phone: '' });
      expect(JSON.stringify(body.payload)).not.toContain('Parley Communications');
      const stored = await ctx.db.selectFrom('settings').select('key').where('key', 'in', ['requisites', 'copyright', 'support_email']).execute();
      expect(stored).toEqual([]);
    });
  });

  describe('with demo data', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { seedDemo: true });
    });
    afterAll(() => ctx.close());

    it('seeds the demo operator, and seeding again keeps what the admin saved', async () => {
      const client = new TestClient(ctx.app);
      const { body } = await client.get<OperatorSettings>('/api/settings');
      expect(body.payload.requisites[0]).toBe('Parley Communications OÜ');
      expect(body.payload.support_email).toBe('support@parley.chat');

      await ctx.db
        .updateTable('settings')
        .set({ value: JSON.stringify(['Real Ltd', 'Reg 9', 'Street 9']) })
        .where('key', '=', 'requisites')
        .execute();
      await seedDatabase(ctx.db, { now: () => new Date() }, { demo: true, passwords: 'readme' });
      const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', 'requisites').executeTakeFirstOrThrow();
      expect(JSON.parse(row.value)).toEqual(['Real Ltd', 'Reg 9', 'Street 9']);
    });
  });
});
