import { cachePerBus } from '../../lib/event-bus.js';
import { TopicCache } from '../../lib/topic-cache.js';
import { type TopicAccess } from '../topics/topics.access.js';

export { QUIET_MS } from '../../lib/topic-cache.js';

/** Viewers' accesses kept per instance (a few hundred bytes each). */
export const MAX_ACCESSES = 50_000;

/**
 * What reading a topic's messages needs first, per instance: each viewer's access (the topic row, who is in
 * it, the viewer's participations — one statement to read). Kept until the bus announces a change to the
 * topic or to someone in it (lib/topic-cache.ts), so a poll or a first page of a conversation where nothing
 * happened reads no access; the route keeps the answered pages beside it (page-cache.ts).
 */
export class AccessCache {
  private readonly cache: TopicCache<TopicAccess>;

  constructor(epoch?: () => number, maxAccesses = MAX_ACCESSES) {
    this.cache = new TopicCache({ maxWeight: maxAccesses, epoch });
  }

  find(topicId: number, userId: number): TopicAccess | undefined {
    return this.cache.get(`${topicId}:${userId}`);
  }

  /** Keeps a viewer's access read at `startedMs`, unless a change to what it shows was announced meanwhile. */
  keep(topicId: number, userId: number, access: TopicAccess, startedMs: number): boolean {
    return this.cache.set(`${topicId}:${userId}`, access, { topicId, users: [userId, ...access.active.map((p) => p.user_id)] }, startedMs);
  }

  apply(...args: Parameters<TopicCache<TopicAccess>['apply']>) {
    this.cache.apply(...args);
  }

  get size() {
    return this.cache.size;
  }
}

/** The instance's access cache, listening to invalidations. */
export const accessCacheOf = cachePerBus((epoch) => new AccessCache(epoch));
