import { z } from 'zod';
import { localizeRows } from '../reference/content-translations.service.js';
import { requestLanguageId } from '../../plugins/localize.js';
import {
  bundlePurchaseBodySchema,
  bundleSchema,
  checkoutPrefillSchema,
  checkoutStartedSchema,
  currencyQuerySchema,
  depositCheckoutBodySchema,
  depositHistoryQuerySchema,
  depositHistoryRowSchema,
  depositSchema,
  envelopeSchema,
  idParamSchema,
  pageOf,
  texts,
  userProfileSchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as users from '../users/users.service.js';
import { toUserProfile } from '../users/users.mapper.js';
import { currentUser, requireVerified } from '../../plugins/session.js';
import { buyChannelStatus } from './channel.service.js';
import * as deposits from './deposits.service.js';
import './deposits.jobs.js';
import '../refunds/refunds.jobs.js';

/** Coins: bundles, top-up by card (deposits), purchase history and channel status. */
import { errorResponses } from '../../plugins/responses.js';
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, config: app.config, gateway: app.gateway };
  const guarded = { preHandler: requireVerified };

  app.get(
    '/bundles/index',
    { schema: { tags: ['coins'], querystring: currencyQuerySchema, response: { 200: envelopeSchema(z.array(bundleSchema)) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await localizeRows(app.db, 'bundles', requestLanguageId(request), await deposits.listBundles(app.db, request.query.currency), ['description']),
    }),
  );

  app.post(
    '/bundles/purchase',
    {
      schema: { tags: ['coins'], body: bundlePurchaseBodySchema, response: { 200: checkoutStartedSchema, ...errorResponses(401, 403, 404, 409, 502) } },
      ...guarded,
    },
    async (request) => {
      const result = await deposits.purchaseBundle(deps, currentUser(request), request.body.bundle_id, request.body.currency, requestLanguageId(request));
      return {
        status: 'OK' as const,
        message: texts.topUp.redirectingToPayment,
        redirect_url: result.redirectUrl,
        payload: { deposit: result.deposit, redirect_url: result.redirectUrl },
      };
    },
  );

  app.post(
    '/deposit/checkout',
    {
      schema: { tags: ['coins'], body: depositCheckoutBodySchema, response: { 200: checkoutStartedSchema, ...errorResponses(401, 403, 404, 409, 502) } },
      ...guarded,
    },
    async (request) => {
      const result = await deposits.startCheckout(deps, currentUser(request), request.body, requestLanguageId(request));
      return {
        status: 'OK' as const,
        message: texts.topUp.redirectingToPayment,
        redirect_url: result.redirectUrl,
        payload: { deposit: result.deposit, redirect_url: result.redirectUrl },
      };
    },
  );

  app.get('/deposit/prefill', { schema: { tags: ['coins'], response: { 200: envelopeSchema(checkoutPrefillSchema) } }, ...guarded }, async (request) => ({
    status: 'OK' as const,
    payload: await deposits.getTopUpPrefill(app.db, currentUser(request)),
  }));

  app.get(
    '/deposit/status/:id',
    {
      schema: {
        tags: ['coins'],
        params: idParamSchema,
        querystring: currencyQuerySchema,
        response: { 200: envelopeSchema(depositSchema), ...errorResponses(404) },
      },
      ...guarded,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await deposits.getDepositStatus(app.db, app.clock, currentUser(request).id, request.params.id, request.query.currency),
    }),
  );

  app.get(
    '/deposit/history',
    { schema: { tags: ['coins'], querystring: depositHistoryQuerySchema, response: { 200: envelopeSchema(pageOf(depositHistoryRowSchema)) } }, ...guarded },
    async (request) => ({
      status: 'OK' as const,
      payload: await deposits.depositHistory(app.db, currentUser(request).id, request.query.page, request.query.per_page),
    }),
  );

  app.post(
    '/user/become-channel',
    { schema: { tags: ['coins'], response: { 200: envelopeSchema(userProfileSchema), ...errorResponses(402, 409) } }, ...guarded },
    async (request) => {
      const header = request.headers['idempotency-key'];
      const requestKey = typeof header === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(header) ? header : undefined;
      const user = await buyChannelStatus({ db: app.db, clock: app.clock, bus: app.bus }, currentUser(request).id, requestKey);
      const country = user.country_id ? ((await users.findCountryName(app.db, user.country_id)) ?? null) : null;
      return { status: 'OK' as const, message: texts.account.channelPurchased, payload: toUserProfile(user, app.clock.now(), country) };
    },
  );
};
