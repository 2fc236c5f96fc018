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
import { isUniqueViolation } from '../../db/dialect.js';
import { type PaymentGateway } from '../payments/gateway.js';
import { billingFromForm, prefillFromProfile, serializeBilling } from '../payments/billing.js';
import { paymentReference } from '../payments/payment-kinds.js';
import { displayPrice, quoteIn, resolveCurrency } from '../payments/pricing.js';
import { hasReceipts } from '../receipts/receipts.service.js';
import { getSettings } from '../reference/settings.service.js';
import { localizeRow } from '../reference/content-translations.service.js';
import { getLanguageTexts } from '../reference/localization.service.js';
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

export const OPEN: readonly OrderStatus[] = ['pending', 'processing'];

export async function listCatalog(db: Db, query: ProductListQuery & { currency?: string }, userId: number | null) {
  const offset = (query.page - 1) * query.per_page;
  const [rows, total] = await Promise.all([repo.listProducts(db, { kind: query.kind }, query.per_page, offset), repo.countProducts(db, { kind: query.kind })]);
  const owned = userId
    ? await repo.listOwnedProductIds(
        db,
        userId,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  const price = await pricer(db, query.currency);
  return { data: rows.map((r) => toProduct(r, owned.has(r.id), price(r.price_cents))), meta: pageMeta(query.page, query.per_page, total) };
}

/** Prices in the buyer's currency, VAT and total as they will be charged. */
async function pricer(db: Db, currencyCode: string | undefined) {
  const [currency, { vat_percent: vatPercent }] = await Promise.all([resolveCurrency(db, currencyCode), getSettings(db)]);
  return (netEuroCents: number) => displayPrice(currency, netEuroCents, vatPercent);
}

/** An active product, or any product the caller owns. */
export async function getProduct(db: Db, productId: number, userId: number | null, currencyCode?: string) {
  const row = await repo.findProductById(db, productId);
  const owned = row && userId ? Boolean(await repo.findOwnedSkin(db, userId, row.id)) : false;
  if (!row || (!row.is_active && !owned)) throw new AppError('NOT_FOUND', texts.store.productNotFound);
  return { row, product: toProduct(row, owned, (await pricer(db, currencyCode))(row.price_cents)) };
}

export const getCheckoutPrefill = (user: UserRow): CheckoutPrefill => prefillFromProfile(user);

async function orderOf(db: DbOrTrx, row: OrderRow): Promise<Order> {
  const product = (await repo.findProductById(db, row.product_id))!;
  return toOrder(row, product, (await hasReceipts(db, 'order', [row.id])).has(row.id));
}

/** Creates the order (pending), then the gateway checkout (processing). Nothing is granted until the gateway confirms. */
/** `languageId`: the request's language, which the hosted card page speaks. */
export async function checkout(deps: StoreDeps, user: UserRow, productId: number, body: CheckoutBody, languageId?: number): Promise<CheckoutResult> {
  const { db, clock, config, gateway } = deps;
  const product = await repo.findProductById(db, productId);
  if (!product || !product.is_active) throw new AppError('NOT_FOUND', texts.store.productNotFound);
  if (await repo.findOwnedSkin(db, user.id, product.id)) throw new AppError('CONFLICT', texts.store.alreadyOwned);
  const country = await repo.findCountry(db, body.country);
  if (!country) throw validationError('country', texts.topUp.countryRequired);

  const settings = await getSettings(db);
  const vatPercent = settings.vat_percent;
  const vatCents = Math.round((product.price_cents * vatPercent) / 100);
  // Charged in the buyer's currency, exactly as the store showed it.
  const charge = quoteIn(await resolveCurrency(db, body.currency), product.price_cents, vatPercent);
  const now = clock.now().toISOString();
  const expiresAt = new Date(clock.now().getTime() + settings.checkout_expiry_hours * 3600_000);
  await repo.expireOrders(db, now, texts.money.checkoutExpired, { userId: user.id, productId: product.id });
  const order = await insertOpenOrder(db, () =>
    db.transaction().execute(async (trx) => {
      if (body.save_info) {
        // Everything the prefill restores, the surname too (issue 33).
        await repo.saveBillingAddress(trx, user.id, {
          surname: body.surname,
          country_id: body.country,
          city: body.city,
          address: body.address,
          zip: body.postCode,
          updated_at: now,
        });
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
        billing: serializeBilling(billingFromForm(body, country)),
        charge_currency: charge.currency,
        charge_net_cents: charge.net_cents,
        charge_vat_cents: charge.vat_cents,
        charge_total_cents: charge.total_cents,
        expires_at: expiresAt.toISOString(),
        created_at: now,
        updated_at: now,
      });
    }),
  );

  const back = (extra = '') => `${config.publicUrl}/processing-payment?order_id=${order.id}&type=payment${extra}`;
  let session;
  try {
    session = await gateway.createCheckout({
      reference: paymentReference('order', order.id),
      resultType: 'payment',
      amountCents: charge.total_cents,
      currency: charge.currency,
      description: `${orderNumber(order.id)}: ${(await localizeRow(db, 'products', languageId, { id: product.id, name: product.name }, ['name'])).name}`,
      locale: (await getLanguageTexts(db, languageId)).code,
      customerEmail: body.email,
      returnUrl: back(),
      cancelUrl: back('&canceled=1'),
      expiresAt,
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

/** One open checkout per user and skin: the partial unique index refuses a second one, even when two race. */
async function insertOpenOrder(db: Db, insert: () => Promise<OrderRow>): Promise<OrderRow> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', texts.money.openCheckout);
    throw error;
  }
}

/** The caller's own order; someone else's is "not found" so ids reveal nothing. An open one past its expiry is canceled first. */
export async function getOwnOrder(db: Db, user: UserRow, orderId: number, clock?: Clock): Promise<Order> {
  let row = await repo.findOrderById(db, orderId);
  if (!row || row.user_id !== user.id) throw new AppError('NOT_FOUND', texts.store.orderNotFound);
  if (clock && OPEN.includes(row.status) && row.expires_at && row.expires_at <= clock.now().toISOString()) {
    await repo.expireOrders(db, clock.now().toISOString(), texts.money.checkoutExpired, { orderId });
    row = (await repo.findOrderById(db, orderId))!;
  }
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
  const receipts = await hasReceipts(
    db,
    'order',
    rows.map((r) => r.id),
  );
  return { data: rows.map(({ kind, look, ...row }) => toOrder(row, { kind, look }, receipts.has(row.id))), meta: pageMeta(page, perPage, total) };
}
