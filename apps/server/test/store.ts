import { type CheckoutResult, type Order } from '@parley/contracts';
import { type FastifyInstance } from 'fastify';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/modules/payments/webhook-signature.js';
import { type TestClient } from './client.js';

let eventSequence = 0;

export async function countryIdOf(app: FastifyInstance, iso = 'EE') {
  return (await app.db.selectFrom('countries').select('id').where('iso', '=', iso).executeTakeFirstOrThrow()).id;
}

export const billingFor = (countryId: number) => ({
  name: 'Ann',
  surname: 'Lee',
  phone: '+37251234567',
  email: 'ann@example.com',
  country: countryId,
  city: 'Tallinn',
  address: 'Narva mnt 5',
  postCode: '10117',
  currency: 'EUR',
  accept_terms: true,
});

/** POST /api/checkout/:productId with valid billing details; throws unless it succeeds. */
export async function checkoutSkin(client: TestClient, productId: number, body: Record<string, unknown>) {
  const response = await client.post<CheckoutResult>(`/api/checkout/${productId}`, body);
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${JSON.stringify(response.body)}`);
  return response.body.payload;
}

/** A gateway event for an order, signed as the sandbox gateway signs it, through the real webhook endpoint. */
export async function deliverOrderEvent(
  app: FastifyInstance,
  order: Order,
  kind: 'succeeded' | 'failed',
  options: { eventId?: string; amountCents?: number; failureMessage?: string; sessionId?: string } = {},
) {
  const row = await app.db.selectFrom('orders').select('gateway_session_id').where('id', '=', order.id).executeTakeFirstOrThrow();
  const now = Math.floor(app.clock.now().getTime() / 1000);
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_store_${process.pid}_${++eventSequence}_${Math.random().toString(36).slice(2, 8)}`,
    type: kind === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
    created: now,
    data: {
      session_id: options.sessionId ?? row.gateway_session_id,
      reference: `order:${order.id}`,
      amount_cents: options.amountCents ?? order.total_cents,
      currency: 'EUR',
      ...(kind === 'failed' ? { failure_message: options.failureMessage ?? 'Your card was declined.' } : {}),
    },
  });
  const signature = signSandboxPayload(app.config.payment.sandboxWebhookSecret, payload, now);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    payload,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  });
}
