import { loadConfig } from '../apps/server/src/config.js';
import { type Db } from '../apps/server/src/db/database.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../apps/server/src/modules/payments/webhook-signature.js';
import { measure, type Target } from './run.js';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 40_000);

/**
 * Money paths: the sandbox webhook crediting distinct pending deposits (verify signature, record the event,
 * conditional status move, ledger credit) and the conditional debit of POST /user/become-channel.
 */
export async function paymentScenarios(target: Target, db: Db, dialect: string) {
  // The bench server derives the same sandbox secret from the same environment (bench/serve.ts).
  const secret = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: undefined }).payment.sandboxWebhookSecret;
  const owner = await db.selectFrom('topics').select('user_id').where('id', '=', target.topicId).executeTakeFirstOrThrow();
  const t = new Date().toISOString();
  console.log(`[${dialect}] seeding ${DEPOSITS.toLocaleString('en')} pending deposits`);
  const rows = Array.from({ length: DEPOSITS }, (_, i) => ({
    user_id: owner.user_id,
    amount_cents: 500,
    vat_percent: 22,
    vat_cents: 110,
    total_cents: 610,
    points: 500,
    gateway: 'sandbox',
    gateway_session_id: `sbx_bench_${i}`,
    billing: '{}',
    created_at: t,
    updated_at: t,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('deposits')
      .values(rows.slice(i, i + 500))
      .execute();
  const ids = (
    await db.selectFrom('deposits').select(['id', 'gateway_session_id']).where('gateway_session_id', 'like', 'sbx_bench_%').orderBy('id').execute()
  ).map((r) => ({ id: r.id, session: r.gateway_session_id! }));

  let next = 0;
  const webhook = await measure('payments webhook credit (sandbox)', {
    url: `${target.url}/api/payments/webhook/sandbox`,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => {
          // Past the seeded deposits the same events repeat: the redelivery path, still 200.
          const deposit = ids[next++ % ids.length]!;
          const body = JSON.stringify({
            id: `evt_bench_${deposit.id}`,
            type: 'payment.succeeded',
            created: Math.floor(Date.now() / 1000),
            data: { session_id: deposit.session, reference: `deposit:${deposit.id}`, amount_cents: 610, currency: 'EUR' },
          });
          const signature = signSandboxPayload(secret, body, Math.floor(Date.now() / 1000));
          return { ...request, body, headers: { ...request.headers, 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } };
        },
      },
    ],
  });
  const credited = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  console.log(`[${dialect}] webhook requests credited ${Number(credited.n)} distinct deposits`);

  const debit = await measure('become-channel (conditional debit)', {
    url: `${target.url}/api/user/become-channel`,
    method: 'POST',
    headers: { authorization: `Bearer ${target.bearer}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return [webhook, debit];
}
