import { envelopeSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { dispatchPaymentEvent } from './payments.service.js';
import { webhookErrors } from './webhook-signature.js';

/**
 * POST /api/payments/webhook/:gateway — the gateways' events. Signature checks
 * need the exact bytes, so this plugin (and only this one) reads bodies raw.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  const deps = { db: app.db, clock: app.clock, config: app.config, bus: app.bus, mailer: app.mailer, log: app.log, paymentKinds: app.paymentKinds };

  app.post(
    '/payments/webhook/:gateway',
    {
      schema: {
        tags: ['payments'],
        params: z.object({ gateway: z.string().max(16) }),
        response: { 200: envelopeSchema(z.object({ received: z.boolean(), ignored: z.boolean().optional(), duplicate: z.boolean().optional() })) },
      },
      config: { csrf: false },
    },
    async (request) => {
      if (request.params.gateway !== app.gateway.name) throw new AppError('BAD_REQUEST', webhookErrors.unknownGateway);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = app.gateway.parseWebhook(raw, request.headers);
      if (!event) return { status: 'OK' as const, payload: { received: true, ignored: true } };
      const { duplicate } = await dispatchPaymentEvent(deps, app.gateway, event);
      return { status: 'OK' as const, payload: { received: true, duplicate } };
    },
  );
};
