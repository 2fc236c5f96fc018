import { type Deposit } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { type TestClient } from '../../../test/client.js';
import { type Clock } from '../../lib/clock.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../payments/webhook-signature.js';

/** Test helpers for coins suites (not a test file itself). */
export const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  surname: 'Lovelace',
  phone: '+37251234567',
  email: 'ada@example.com',
  country: 'EE',
  city: 'Tallinn',
  address: 'Narva mnt 5',
  postCode: '10117',
  currency: 'EUR',
  accept_terms: true,
  amount: 25,
  ...overrides,
});

export interface CheckoutPayload {
  deposit: Deposit;
  redirect_url: string;
}

export async function startTopUp(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post<CheckoutPayload>('/api/deposit/checkout', checkoutBody(overrides));
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${JSON.stringify(response.body)}`);
  // The card page's path: the answer is absolute (PUBLIC_URL), the tests reach it on their own listening address.
  return { ...response.body.payload, redirectUrl: new URL(String(response.body.redirect_url)).pathname };
}

let eventSequence = 0;

/** A sandbox gateway event for a deposit, signed like the sandbox signs it, posted to the real webhook endpoint. */
export async function postSandboxEvent(
  app: FastifyInstance,
  clock: Clock,
  deposit: { id: number; sessionId: string; totalCents: number },
  kind: 'succeeded' | 'failed',
  options: { eventId?: string; amountCents?: number; timestampS?: number; secret?: string; reference?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_test_${++eventSequence}_${Math.random().toString(36).slice(2, 8)}`,
    type: kind === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
    created: Math.floor(clock.now().getTime() / 1000),
    data: {
      session_id: deposit.sessionId,
      reference: options.reference ?? `deposit:${deposit.id}`,
      amount_cents: options.amountCents ?? deposit.totalCents,
      currency: 'EUR',
      ...(kind === 'failed' ? { failure_message: 'Your card was declined.' } : {}),
    },
  });
  const timestamp = options.timestampS ?? Math.floor(clock.now().getTime() / 1000);
  const signature = signSandboxPayload(options.secret ?? app.config.payment.sandboxWebhookSecret, payload, timestamp);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    payload,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  });
}
