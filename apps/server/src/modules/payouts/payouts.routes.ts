import { z } from 'zod';
import {
  commonQuerySchema,
  envelopeSchema,
  payoutHistoryQuerySchema,
  payoutHistoryResponseSchema,
  payoutHistoryRowSchema,
  payoutMethodsResponseSchema,
  payoutRequestBodySchema,
  texts,
} from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { AppError } from '../../lib/app-error.js';
import * as payouts from './payouts.service.js';
import { hasSecondFactor } from '../auth/second-factor.js';

import { errorResponses } from '../../plugins/responses.js';
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, encryptionKey: app.config.payoutEncryptionKey, bus: app.bus };
  // Before body validation, so a non-contributor learns why rather than which field is wrong.
  const requireContributor = async (request: FastifyRequest) => {
    await requireVerified(request);
    await payouts.assertContributor(app.db, currentUser(request).id);
  };

  app.get(
    '/payouts/methods',
    {
      schema: {
        tags: ['payouts'],
        querystring: commonQuerySchema,
        response: { 200: envelopeSchema(payoutMethodsResponseSchema), ...errorResponses(401, 403) },
      },
      preValidation: requireVerified,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await payouts.getPayoutOptions(app.db, app.clock, currentUser(request).id),
    }),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags: ['payouts'],
        querystring: payoutHistoryQuerySchema,
        response: { 200: envelopeSchema(payoutHistoryResponseSchema), ...errorResponses(401, 403) },
      },
      preValidation: requireVerified,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await payouts.listPayoutHistory(app.db, currentUser(request).id, request.query.page, request.query.per_page),
    }),
  );

  // Money leaves Parley only from an account with two-factor sign-in (issue 15): an authenticator app or a passkey (issue 36).
  const requirePayoutRequester = async (request: FastifyRequest) => {
    await requireContributor(request);
    if (!hasSecondFactor(currentUser(request))) throw new AppError('TWO_FACTOR_REQUIRED', texts.twoFactor.requiredForPayout);
  };

  const payoutDescription =
    "Interlocutors only. Beyond spec §7 (docs/API.md): 403 {code: 'TWO_FACTOR_REQUIRED'} while the account has no two-factor sign-in; " +
    'turn it on (POST /api/user/two-factor/setup, then /enable) or add a passkey (POST /api/user/passkeys/options, then /api/user/passkeys) and try again.';
  app.post(
    '/payouts',
    {
      schema: {
        tags: ['payouts'],
        body: payoutRequestBodySchema,
        description: payoutDescription,
        response: { 201: envelopeSchema(z.object({ payout: payoutHistoryRowSchema })), ...errorResponses(401, 403, 409) },
      },
      preValidation: requirePayoutRequester,
    },
    async (request, reply) => {
      const payout = await payouts.requestPayout(deps, currentUser(request).id, request.body);
      return reply.status(201).send({ status: 'OK' as const, message: texts.payout.submitted, payload: { payout } });
    },
  );
};
