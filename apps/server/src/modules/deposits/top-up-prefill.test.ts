import { type CheckoutPrefill } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { startTopUp } from './deposits.test-support.js';

/** Issue 33: the top-up form starts from the billing details of the last top-up (else the profile's). */
describe.each(dialects)('top-up prefill on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  it('answers the profile before any top-up, then the details of the latest top-up', async () => {
    const { user, client } = await createSignedInUser(ctx.app);
    expect((await client.get<CheckoutPrefill>('/api/deposit/prefill')).body.payload).toMatchObject({
      name: user.name,
      email: user.email,
      city: '',
      country: null,
    });

    await startTopUp(client, { surname: 'Lovelace', city: 'Tallinn', address: 'Narva mnt 5', postCode: '10117', country: 'EE' });
    await startTopUp(client, { name: 'Ada', surname: 'King', city: 'Tartu', address: 'Rüütli 1', postCode: '51007', country: 'EE', phone: '+37255555555' });
    const estonia = (await ctx.db.selectFrom('countries').select('id').where('iso', '=', 'EE').executeTakeFirstOrThrow()).id;
    expect((await client.get<CheckoutPrefill>('/api/deposit/prefill')).body.payload).toEqual({
      name: 'Ada',
      surname: 'King',
      email: 'ada@example.com',
      phone: '+37255555555',
      country: estonia,
      city: 'Tartu',
      address: 'Rüütli 1',
      postCode: '51007',
    });
  });

  it('is only for the signed-in user', async () => {
    const { TestClient } = await import('../../../test/client.js');
    expect((await new TestClient(ctx.app).get('/api/deposit/prefill')).statusCode).toBe(401);
  });
});
