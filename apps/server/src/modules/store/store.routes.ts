import { z } from 'zod';
import { localizeRow, localizeRows } from '../reference/content-translations.service.js';
import { requestLanguageId } from '../../plugins/localize.js';
import {
  checkoutBodySchema,
  checkoutPrefillSchema,
  checkoutResultSchema,
  currencyQuerySchema,
  envelopeSchema,
  equipSkinBodySchema,
  idParamSchema,
  orderSchema,
  orderStatusSchema,
  productIdParamSchema,
  productListQuerySchema,
  productSchema,
  skinsPayloadSchema,
  storeHistoryQuerySchema,
  storePageSchema,
  storeTransactionSchema,
  texts,
  unequipSkinBodySchema,
} from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireAuth, requireVerified } from '../../plugins/session.js';
import * as skins from './skins.service.js';
import { listTransactions } from './store-history.service.js';
import { renderPreviewSvg } from './store.preview.js';
import * as repo from './store.repository.js';
import * as store from './store.service.js';
import './store.jobs.js';

/** The skin store: catalog, checkout by card, orders, owned skins and the transactions history. */
import { errorResponses, svgResponse } from '../../plugins/responses.js';
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['store'];
  const userIdOf = (request: { auth: { user: { id: number } } | null }) => request.auth?.user.id ?? null;

  app.get(
    '/products',
    { schema: { tags, querystring: productListQuerySchema, response: { 200: envelopeSchema(storePageSchema(productSchema)) } } },
    async (request) => {
      const catalog = await store.listCatalog(db, request.query, userIdOf(request));
      return {
        status: 'OK' as const,
        payload: { ...catalog, data: await localizeRows(db, 'products', requestLanguageId(request), catalog.data, ['name', 'description']) },
      };
    },
  );

  app.get(
    '/products/:id',
    { schema: { tags, params: idParamSchema, querystring: currencyQuerySchema, response: { 200: envelopeSchema(productSchema), ...errorResponses(404) } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await localizeRow(
        db,
        'products',
        requestLanguageId(request),
        (await store.getProduct(db, request.params.id, userIdOf(request), request.query.currency)).product,
        ['name', 'description'],
      ),
    }),
  );

  app.get(
    '/products/:id/preview.svg',
    { schema: { tags, params: idParamSchema, response: { 200: svgResponse, ...errorResponses(404) } } },
    async (request, reply) => {
      const product = await repo.findProductById(db, request.params.id);
      if (!product) throw new AppError('NOT_FOUND', texts.store.productNotFound);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(renderPreviewSvg(product));
    },
  );

  app.get('/checkout/prefill', { schema: { tags, response: { 200: envelopeSchema(checkoutPrefillSchema) } }, preValidation: requireAuth }, async (request) => ({
    status: 'OK' as const,
    payload: store.getCheckoutPrefill(currentUser(request)),
  }));

  app.post(
    '/checkout/:productId',
    {
      schema: {
        tags,
        params: productIdParamSchema,
        body: checkoutBodySchema,
        response: { 200: envelopeSchema(checkoutResultSchema).extend({ redirect_url: z.string() }), ...errorResponses(404, 409, 502) },
      },
      preValidation: requireVerified,
    },
    async (request) => {
      const deps = { db, clock: app.clock, config: app.config, gateway: app.gateway, log: request.log };
      const result = await store.checkout(deps, currentUser(request), request.params.productId, request.body, requestLanguageId(request));
      return { status: 'OK' as const, message: texts.topUp.redirectingToPayment, payload: result, redirect_url: result.redirect_url };
    },
  );

  app.get(
    '/orders',
    { schema: { tags, querystring: storeHistoryQuerySchema, response: { 200: envelopeSchema(storePageSchema(orderSchema)) } }, preValidation: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await store.listOrderHistory(db, currentUser(request).id, request.query.page, request.query.per_page),
    }),
  );

  app.get(
    '/orders/:id/status',
    { schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(orderStatusSchema), ...errorResponses(404) } }, preValidation: requireAuth },
    async (request) => {
      const order = await store.getOwnOrder(db, currentUser(request), request.params.id, app.clock);
      return { status: 'OK' as const, payload: { status: order.status, status_label: order.status_label, order } };
    },
  );

  app.post(
    '/orders/:id/cancel',
    { schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(orderSchema), ...errorResponses(404, 409) } }, preValidation: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      payload: await store.cancelOwnOrder(db, app.clock, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/transactions',
    {
      schema: { tags, querystring: storeHistoryQuerySchema, response: { 200: envelopeSchema(storePageSchema(storeTransactionSchema)) } },
      preValidation: requireAuth,
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await listTransactions(db, currentUser(request).id, request.query.page, request.query.per_page, requestLanguageId(request)),
    }),
  );

  app.get('/skins', { schema: { tags, response: { 200: envelopeSchema(skinsPayloadSchema) } }, preValidation: requireAuth }, async (request) => ({
    status: 'OK' as const,
    payload: await skins.listSkins(db, currentUser(request).id),
  }));

  app.post(
    '/skins/equip',
    {
      schema: { tags, body: equipSkinBodySchema, response: { 200: envelopeSchema(skinsPayloadSchema), ...errorResponses(404, 409) } },
      preValidation: requireAuth,
    },
    async (request) => ({
      status: 'OK' as const,
      message: texts.store.skinEquipped,
      payload: await skins.equipSkin(db, app.clock, currentUser(request).id, request.body.product_id),
    }),
  );

  app.post(
    '/skins/unequip',
    { schema: { tags, body: unequipSkinBodySchema, response: { 200: envelopeSchema(skinsPayloadSchema) } }, preValidation: requireAuth },
    async (request) => ({
      status: 'OK' as const,
      message: texts.store.skinRemoved,
      payload: await skins.unequipSkin(db, currentUser(request).id, request.body.kind),
    }),
  );
};
