import { type SkinLook } from '@parley/contracts';
import { cachePerBus, type Invalidation } from '../../lib/event-bus.js';

/** A safety net only: equipping, unequipping, a refund or a product edit drop the entry at once (db/write-invalidations.ts). */
export const LOOK_CACHE_TTL_MS = 60_000;
/** After a user's look changed, it is not cached for this long: the writer may not have committed yet. */
const QUIET_MS = 2_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  look: SkinLook | null;
  loadedAt: number;
  epoch: number;
}

/**
 * The equipped look of users who sent lately (issue 18: a send read it on every message). Every instance
 * drops an entry when any instance writes `equipped_skins` for that user, and every entry when one writes
 * `products` (plugins/cache-writes.ts announces both). An entry read while the bus was not listening to
 * the other instances, or in an earlier epoch of it, is not used.
 */
export class LookCache {
  private readonly entries = new Map<number, Entry>();
  private readonly quietUntil = new Map<number, number>();
  private quietAllUntil = 0;
  /** Bumped by every invalidation: a read that started before one does not store what it read. */
  generation = 0;

  constructor(private readonly epoch: () => number = () => 0) {}

  get(userId: number, nowMs = Date.now()): Entry | undefined {
    const entry = this.entries.get(userId);
    if (entry && (nowMs - entry.loadedAt > LOOK_CACHE_TTL_MS || entry.epoch !== this.epoch())) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry;
  }

  set(userId: number, look: SkinLook | null, generation: number, nowMs = Date.now()) {
    const epoch = this.epoch();
    if (epoch < 0 || generation !== this.generation || nowMs < this.quietAllUntil || nowMs < (this.quietUntil.get(userId) ?? 0)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { look, loadedAt: nowMs, epoch });
  }

  apply(message: Invalidation, nowMs = Date.now()) {
    if (message.kind !== 'look' && message.kind !== 'looks') return;
    this.generation += 1;
    if (message.kind === 'look') {
      this.entries.delete(message.userId);
      this.quietUntil.set(message.userId, nowMs + QUIET_MS);
      if (this.quietUntil.size > 10_000) for (const [id, until] of this.quietUntil) if (until < nowMs) this.quietUntil.delete(id);
    } else {
      this.entries.clear();
      this.quietAllUntil = nowMs + QUIET_MS;
    }
  }
}

/** The instance's look cache, listening to invalidations. */
export const lookCacheOf = cachePerBus((epoch) => new LookCache(epoch));
