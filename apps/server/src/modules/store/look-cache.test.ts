import { describe, expect, it } from 'vitest';
import { LOOK_CACHE_TTL_MS, LookCache } from './look-cache.js';

describe('look cache', () => {
  const gold = { bubble_color: 'gold' } as const;

  it('keeps a look until its user is announced, then refuses to keep one for the quiet period', () => {
    const cache = new LookCache();
    cache.set(1, gold, cache.generation, 1_000);
    cache.set(2, null, cache.generation, 1_000);
    expect(cache.get(1, 1_001)?.look).toEqual(gold);
    expect(cache.get(2, 1_001)?.look).toBeNull();
    cache.apply({ kind: 'look', userId: 1 }, 2_000);
    expect(cache.get(1, 2_001)).toBeUndefined();
    expect(cache.get(2, 2_001)?.look).toBeNull();
    // Read before the writer committed: not kept.
    cache.set(1, gold, cache.generation, 2_500);
    expect(cache.get(1, 2_501)).toBeUndefined();
    cache.set(1, null, cache.generation, 4_001);
    expect(cache.get(1, 4_002)?.look).toBeNull();
  });

  it('does not keep what a read started before an announcement returned', () => {
    const cache = new LookCache();
    const generation = cache.generation;
    cache.apply({ kind: 'look', userId: 9 }, 0);
    cache.set(1, gold, generation, 10_000);
    expect(cache.get(1, 10_001)).toBeUndefined();
  });

  it('drops every look when a product changes, and ignores other announcements', () => {
    const cache = new LookCache();
    cache.set(1, gold, cache.generation, 0);
    cache.apply({ kind: 'user', userId: 1 }, 1);
    cache.apply({ kind: 'topics' }, 1);
    expect(cache.get(1, 2)?.look).toEqual(gold);
    cache.apply({ kind: 'looks' }, 3);
    expect(cache.get(1, 4)).toBeUndefined();
  });

  it('forgets entries after the TTL and entries of an earlier bus epoch, and keeps nothing while the bus is not listening', () => {
    let epoch = 0;
    const cache = new LookCache(() => epoch);
    cache.set(1, gold, cache.generation, 0);
    expect(cache.get(1, LOOK_CACHE_TTL_MS + 1)).toBeUndefined();
    cache.set(1, gold, cache.generation, 0);
    epoch = 1;
    expect(cache.get(1, 1)).toBeUndefined();
    epoch = -1;
    cache.set(1, gold, cache.generation, 2);
    expect(cache.get(1, 3)).toBeUndefined();
  });
});
