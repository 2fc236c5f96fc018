import { type OrderStatus, type ProductKind } from '@parley/contracts';
import { prepared } from '../../db/prepared.js';
import { type DbOrTrx } from '../../db/database.js';
import { type NewOrderRow, type NewProductRow } from './store.table.js';

// Products

export function listProducts(db: DbOrTrx, filter: { kind?: ProductKind }, limit: number, offset: number) {
  let query = db.selectFrom('products').selectAll().where('is_active', '=', 1);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  return query.orderBy('position').orderBy('id').limit(limit).offset(offset).execute();
}

export async function countProducts(db: DbOrTrx, filter: { kind?: ProductKind }) {
  let query = db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', 1);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function findProductById(db: DbOrTrx, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasAnyProduct(db: DbOrTrx) {
  return Boolean(await db.selectFrom('products').select('id').limit(1).executeTakeFirst());
}

/** Inserts products that are not there yet (by kind and look). */
export function insertMissingProducts(db: DbOrTrx, rows: NewProductRow[]) {
  return db
    .insertInto('products')
    .values(rows)
    .onConflict((oc) => oc.columns(['kind', 'look']).doNothing())
    .execute();
}

// Orders

export function insertOrder(db: DbOrTrx, row: NewOrderRow) {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findOrderById(db: DbOrTrx, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOrders(db: DbOrTrx, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .selectAll('orders')
    .select(['products.kind', 'products.look'])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrders(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves an order to `to` only from one of `from`; false when it was not in one of them (someone else moved it). */
export async function transitionOrder(
  db: DbOrTrx,
  id: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  changes: {
    updated_at: string;
    paid_at?: string;
    failure_message?: string | null;
    gateway?: string;
    gateway_session_id?: string;
    gateway_payment_id?: string;
    payment_method?: string;
    refunded_cents?: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, ...changes })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open orders past their expiry → canceled (all, one user's of one product, or one order). */
export async function expireOrders(db: DbOrTrx, now: string, message: string, filter: { userId?: number; productId?: number; orderId?: number }) {
  let query = db
    .updateTable('orders')
    .set({ status: 'canceled', failure_message: message, updated_at: now })
    .where('status', 'in', ['pending', 'processing'])
    .where('expires_at', '<=', now);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.productId !== undefined) query = query.where('product_id', '=', filter.productId);
  if (filter.orderId !== undefined) query = query.where('id', '=', filter.orderId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** Books a refund on a paid order, never past what was paid; true only if it fitted. */
export async function addOrderRefund(db: DbOrTrx, id: number, cents: number, now: string, expectedRefundedCents?: number): Promise<boolean> {
  let update = db
    .updateTable('orders')
    .set((eb) => ({ status: 'refunded', refunded_cents: eb('refunded_cents', '+', cents), updated_at: now }))
    .where('id', '=', id)
    .where('status', 'in', ['success', 'refunded'])
    .where((eb) => eb(eb('refunded_cents', '+', cents), '<=', eb.fn.coalesce('charge_total_cents', 'total_cents')));
  // A gateway refund's reckoning: only if the booked cents are still what it read.
  if (expectedRefundedCents !== undefined) update = update.where('refunded_cents', '=', expectedRefundedCents);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Owned and equipped skins

/** Takes a skin back (its order was refunded in full): owned and equipped rows go. */
export async function revokeSkin(db: DbOrTrx, userId: number, productId: number) {
  await db.deleteFrom('equipped_skins').where('user_id', '=', userId).where('product_id', '=', productId).execute();
  await db.deleteFrom('user_skins').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

export async function grantSkin(db: DbOrTrx, row: { user_id: number; product_id: number; order_id: number | null; created_at: string }) {
  const result = await db
    .insertInto('user_skins')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findOwnedSkin(db: DbOrTrx, userId: number, productId: number) {
  return db.selectFrom('user_skins').selectAll().where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
}

export async function listOwnedProductIds(db: DbOrTrx, userId: number, productIds: number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db.selectFrom('user_skins').select('product_id').where('user_id', '=', userId).where('product_id', 'in', productIds).execute();
  return new Set(rows.map((r) => r.product_id));
}

export function listOwnedSkins(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('user_skins')
    .innerJoin('products', 'products.id', 'user_skins.product_id')
    .selectAll('products')
    .select('user_skins.created_at as acquired_at')
    .where('user_skins.user_id', '=', userId)
    .orderBy('products.kind')
    .orderBy('products.position')
    .orderBy('products.id')
    .execute();
}

/** Read on every send (the sender's look travels with the message): prepared once. */
const equipped = prepared((db, v: { userId: number }) =>
  db
    .selectFrom('equipped_skins')
    .innerJoin('products', 'products.id', 'equipped_skins.product_id')
    .select(['equipped_skins.kind', 'equipped_skins.product_id', 'products.look'])
    .where('equipped_skins.user_id', '=', v.userId),
);

export const listEquipped = (db: DbOrTrx, userId: number) => equipped(db, { userId });

export function equipSkin(db: DbOrTrx, row: { user_id: number; kind: ProductKind; product_id: number; updated_at: string }) {
  return db
    .insertInto('equipped_skins')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ product_id: row.product_id, updated_at: row.updated_at }))
    .execute();
}

export function unequipSkin(db: DbOrTrx, userId: number, kind: ProductKind) {
  return db.deleteFrom('equipped_skins').where('user_id', '=', userId).where('kind', '=', kind).execute();
}

// Profile address (checkout "save information for future purchases")

export function saveBillingAddress(
  db: DbOrTrx,
  userId: number,
  address: { surname: string; country_id: number; city: string; address: string; zip: string; updated_at: string },
) {
  return db.updateTable('users').set(address).where('id', '=', userId).execute();
}

/** Paid: its receipt is due (receipts/receipts.issuer.ts). */
export const markReceiptPending = (db: DbOrTrx, id: number, now: string) =>
  db.updateTable('orders').set({ receipt_pending_at: now }).where('id', '=', id).execute();

/** Paid orders still waiting for their receipt, in the order they were paid. */
export const listReceiptPending = (db: DbOrTrx, limit: number) =>
  db.selectFrom('orders').selectAll().where('receipt_pending_at', 'is not', null).orderBy('receipt_pending_at').orderBy('id').limit(limit).execute();

export const clearReceiptPending = (db: DbOrTrx, ids: number[]) => db.updateTable('orders').set({ receipt_pending_at: null }).where('id', 'in', ids).execute();

export function findCountry(db: DbOrTrx, id: number) {
  return db.selectFrom('countries').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/** Paid orders for the admin's refund screen, newest first, with the buyer's email. */
export function listPaidOrdersForAdmin(db: DbOrTrx, limit: number, offset: number) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.email as user_email')
    .where('orders.status', 'in', ['success', 'refunded'])
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
