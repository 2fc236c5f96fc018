import {
  pageMeta,
  texts,
  type CheckoutBody,
  type CheckoutPrefill,
  type CheckoutResult,
  type Order,
  type OrderStatus,
  type ProductListQuery,
} from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type PaymentGateway } from '../payments/gateway.js';
import { referenceId, type PaymentHandler } from '../payments/payment-handlers.js';
import { CANCELLED_MESSAGE } from '../payments/sandbox-page.routes.js';
import { webhookErrors } from '../payments/webhook-signature.js';
import { getSettings } from '../reference/settings.service.js';
import { type UserRow } from '../users/users.table.js';
import { orderNumber, toOrder, toProduct } from './store.mapper.js';
import * as repo from './store.repository.js';
import { type OrderRow } from './store.table.js';

export interface StoreDeps {
  db: Db;
  clock: Clock;
  config: Config;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

export const ORDER_REFERENCE_PREFIX = 'order';
export const orderReference = (orderId: number) => `${ORDER_REFERENCE_PREFIX}:${orderId}`;

/** Statuses from which a confirmed payment still fulfils: money taken means the customer gets the skin. */
const FULFILLABLE: readonly OrderStatus[] = ['pending', 'processing', 'failed', 'canceled'];
const OPEN: readonly OrderStatus[] = ['pending', 'processing'];

export async function listCatalog(db: Db, query: ProductListQuery, userId: number | null) {
  const offset = (query.page - 1) * query.per_page;
  const [rows, total] = await Promise.all([repo.listProducts(db, { kind: query.kind }, query.per_page, offset), repo.countProducts(db, { kind: query.kind })]);
  const owned = userId
    ? await repo.listOwnedProductIds(
        db,
        userId,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  return { data: rows.map((r) => toProduct(r, owned.has(r.id))), meta: pageMeta(query.page, query.per_page, total) };
}

/** An active product, or any product the caller owns. */
export async function getProduct(db: Db, productId: number, userId: number | null) {
  const row = await repo.findProductById(db, productId);
  const owned = row && userId ? Boolean(await repo.findOwnedSkin(db, userId, row.id)) : false;
  if (!row || (!row.is_active && !owned)) throw new AppError('NOT_FOUND', texts.store.productNotFound);
  return { row, product: toProduct(row, owned) };
}

export function getCheckoutPrefill(user: UserRow): CheckoutPrefill {
  return {
    name: user.name,
    surname: user.surname ?? '',
    email: user.email,
    phone: user.phone ?? '',
    country: user.country_id,
    city: user.city ?? '',
    address: user.address ?? '',
    postCode: user.zip ?? '',
  };
}

async function orderOf(db: DbOrTrx, row: OrderRow): Promise<Order> {
  const product = (await repo.findProductById(db, row.product_id))!;
  return toOrder(row, product);
}

/** Creates the order (pending), then the gateway checkout (processing). Nothing is granted until the gateway confirms. */
export async function checkout(deps: StoreDeps, user: UserRow, productId: number, body: CheckoutBody): Promise<CheckoutResult> {
  const { db, clock, config, gateway } = deps;
  const product = await repo.findProductById(db, productId);
  if (!product || !product.is_active) throw new AppError('NOT_FOUND', texts.store.productNotFound);
  if (await repo.findOwnedSkin(db, user.id, product.id)) throw new AppError('CONFLICT', texts.store.alreadyOwned);
  if (!(await repo.findCountry(db, body.country))) throw validationError('country', texts.topUp.countryRequired);

  const { vat_percent: vatPercent } = await getSettings(db);
  const vatCents = Math.round((product.price_cents * vatPercent) / 100);
  const now = clock.now().toISOString();
  const order = await db.transaction().execute(async (trx) => {
    if (body.save_info) {
      await repo.saveBillingAddress(trx, user.id, { country_id: body.country, city: body.city, address: body.address, zip: body.postCode, updated_at: now });
    }
    return repo.insertOrder(trx, {
      user_id: user.id,
      product_id: product.id,
      product_name: product.name,
      price_cents: product.price_cents,
      vat_percent: vatPercent,
      vat_cents: vatCents,
      total_cents: product.price_cents + vatCents,
      currency: 'EUR',
      status: 'pending',
      billing_name: body.name,
      billing_surname: body.surname,
      billing_email: body.email,
      billing_phone: body.phone,
      billing_country_id: body.country,
      billing_city: body.city,
      billing_address: body.address,
      billing_post_code: body.postCode,
      created_at: now,
      updated_at: now,
    });
  });

  const back = (extra = '') => `${config.publicUrl}/processing-payment?order_id=${order.id}&type=payment${extra}`;
  let session;
  try {
    session = await gateway.createCheckout({
      reference: orderReference(order.id),
      resultType: 'payment',
      amountCents: order.total_cents,
      currency: 'EUR',
      description: `${orderNumber(order.id)}: ${product.name}`,
      customerEmail: body.email,
      returnUrl: back(),
      cancelUrl: back('&canceled=1'),
    });
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'store checkout: the gateway refused the session');
    await repo.transitionOrder(db, order.id, OPEN, 'failed', { updated_at: clock.now().toISOString(), failure_message: texts.topUp.gatewayError });
    throw error instanceof AppError ? error : new AppError('GATEWAY', texts.topUp.gatewayError);
  }
  await repo.transitionOrder(db, order.id, ['pending'], 'processing', {
    updated_at: clock.now().toISOString(),
    gateway: gateway.name,
    gateway_session_id: session.sessionId,
  });
  const fresh = (await repo.findOrderById(db, order.id))!;
  return { redirect_url: session.redirectUrl, order: toOrder(fresh, product) };
}

/** The caller's own order; someone else's is "not found" so ids reveal nothing. */
export async function getOwnOrder(db: Db, user: UserRow, orderId: number): Promise<Order> {
  const row = await repo.findOrderById(db, orderId);
  if (!row || row.user_id !== user.id) throw new AppError('NOT_FOUND', texts.store.orderNotFound);
  return orderOf(db, row);
}

/** The buyer left the gateway page: an open order becomes canceled (a later confirmation still fulfils it). */
export async function cancelOwnOrder(db: Db, clock: Clock, user: UserRow, orderId: number): Promise<Order> {
  const order = await getOwnOrder(db, user, orderId);
  if (!OPEN.includes(order.status)) throw new AppError('CONFLICT', texts.store.orderNotCancelable);
  await repo.transitionOrder(db, orderId, OPEN, 'canceled', { updated_at: clock.now().toISOString() });
  return getOwnOrder(db, user, orderId);
}

export async function listOrderHistory(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([repo.listOrders(db, userId, perPage, (page - 1) * perPage), repo.countOrders(db, userId)]);
  return { data: rows.map(({ kind, look, ...row }) => toOrder(row, { kind, look })), meta: pageMeta(page, perPage, total) };
}

/**
 * The payment handler for `order:<id>` (see payments/payment-handlers.ts), inside the webhook's transaction.
 * Success fulfils exactly once: a conditional status change, then a grant unique per (user, product).
 * A failure only closes an open order and grants nothing.
 */
export const handleOrderPayment: PaymentHandler = async (trx, event, deps) => {
  const orderId = referenceId(event.reference);
  const order = orderId ? await repo.findOrderById(trx, orderId) : undefined;
  if (!order) throw new AppError('BAD_REQUEST', webhookErrors.unknownReference);
  const now = deps.clock.now().toISOString();

  if (event.kind === 'failed') {
    const failure = (event.failureMessage ?? texts.topUp.paymentFailed).slice(0, 255);
    // The buyer pressed cancel on the hosted page: that is a cancelled order, not a failed payment.
    const status = event.failureMessage === CANCELLED_MESSAGE ? 'canceled' : 'failed';
    await repo.transitionOrder(trx, order.id, OPEN, status, { updated_at: now, failure_message: failure });
    return;
  }
  // Never hand out a skin for a payment that does not match the order.
  if (event.amountCents !== order.total_cents) throw new AppError('BAD_REQUEST', webhookErrors.amountMismatch);
  const moved = await repo.transitionOrder(trx, order.id, FULFILLABLE, 'success', { updated_at: now, paid_at: now, failure_message: null });
  if (!moved) return;
  await repo.grantSkin(trx, { user_id: order.user_id, product_id: order.product_id, order_id: order.id, created_at: now });
  deps.log.info({ orderId: order.id, userId: order.user_id, productId: order.product_id }, 'store order fulfilled');
};
