import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { type PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

/** The gateway chosen in config: the embedded sandbox by default, Stripe Checkout with PAYMENT_GATEWAY=stripe. */
export function createPaymentGateway(config: Config, deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): PaymentGateway {
  const { payment } = config;
  if (payment.gateway === 'stripe') {
    return createStripeGateway({
      secretKey: payment.stripeSecretKey!,
      webhookSecret: payment.stripeWebhookSecret!,
      apiBase: payment.stripeApiBase,
      clock: deps.clock,
      log: deps.log,
    });
  }
  // The sandbox takes test cards, not money: fine for the embedded default, never for real customers.
  if (config.isProduction) deps.log.warn('PAYMENT_GATEWAY=sandbox in production: test cards buy real coins. Set PAYMENT_GATEWAY=stripe.');
  return new SandboxGateway({ db: deps.db, clock: deps.clock, secret: payment.sandboxWebhookSecret, log: deps.log, publicUrl: config.publicUrl });
}
