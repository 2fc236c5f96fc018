import { skinLookSchema, texts, type ProductKind, type SkinLook, type SkinsPayload } from '@parley/contracts';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { type EventBus } from '../../lib/event-bus.js';
import { displayPrice, euro } from '../payments/pricing.js';
import { getSettings } from '../reference/settings.service.js';
import { lookCacheOf } from './look-cache.js';
import { toProduct } from './store.mapper.js';
import * as repo from './store.repository.js';

/**
 * The sender's equipped skins, for a message to carry at send time:
 * e.g. `{ bubble_color: 'purple', text_style: 'bold' }`, only the equipped kinds,
 * or null when nothing is equipped. Works with the database or an open transaction.
 */
export async function getEquippedLook(db: DbOrTrx, userId: number): Promise<SkinLook | null> {
  const rows = await repo.listEquipped(db, userId);
  if (rows.length === 0) return null;
  const look = skinLookSchema.safeParse(Object.fromEntries(rows.map((r) => [r.kind, r.look])));
  return look.success && Object.keys(look.data).length > 0 ? look.data : null;
}

/**
 * getEquippedLook for the send path (every message carries it): from this instance's memory when the
 * user sent lately, else read and kept until a change to their skins is announced (look-cache.ts).
 */
export async function getSenderLook(deps: { db: Db; bus: EventBus }, userId: number): Promise<SkinLook | null> {
  const cache = lookCacheOf(deps.bus);
  const cached = cache.get(userId);
  if (cached) return cached.look;
  const generation = cache.generation;
  const look = await getEquippedLook(deps.db, userId);
  cache.set(userId, look, generation);
  return look;
}

export async function listSkins(db: Db, userId: number): Promise<SkinsPayload> {
  const [owned, equipped] = await Promise.all([repo.listOwnedSkins(db, userId), repo.listEquipped(db, userId)]);
  const equippedIds = new Set(equipped.map((e) => e.product_id));
  const { vat_percent: vatPercent } = await getSettings(db);
  const byKind = (kind: ProductKind) => equipped.find((e) => e.kind === kind)?.product_id ?? null;
  return {
    owned: owned.map(({ acquired_at, ...product }) => ({
      ...toProduct(product, true, displayPrice(euro, product.price_cents, vatPercent)),
      acquired_at,
      is_equipped: equippedIds.has(product.id),
    })),
    equipped: { bubble_color: byKind('bubble_color'), text_style: byKind('text_style') },
    look: await getEquippedLook(db, userId),
  };
}

/** Equips an owned skin; it replaces the equipped one of the same kind. */
export async function equipSkin(db: Db, clock: Clock, userId: number, productId: number): Promise<SkinsPayload> {
  const product = await repo.findProductById(db, productId);
  if (!product) throw new AppError('NOT_FOUND', texts.store.productNotFound);
  const owned = await repo.findOwnedSkin(db, userId, productId);
  if (!owned) throw new AppError('FORBIDDEN', texts.store.skinNotOwned);
  await repo.equipSkin(db, { user_id: userId, kind: product.kind, product_id: product.id, updated_at: clock.now().toISOString() });
  return listSkins(db, userId);
}

export async function unequipSkin(db: Db, userId: number, kind: ProductKind): Promise<SkinsPayload> {
  await repo.unequipSkin(db, userId, kind);
  return listSkins(db, userId);
}
