import { AsyncResource } from 'node:async_hooks';
import { type ChatEvent } from '@parley/contracts';

/**
 * Fan-out of chat events. In-process by default; Redis pub/sub when REDIS_URL
 * is set, so an event published on instance A reaches sockets on instance B.
 * Services publish after their transaction commits.
 */
export interface EventBus {
  publish(event: ChatEvent): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (event: ChatEvent) => void): () => void;
  /** Tells every instance, this one included, to drop a cached value; publish after the commit. */
  invalidate(message: Invalidation): Promise<void>;
  /** Returns an unsubscribe function. */
  onInvalidate(listener: (message: Invalidation) => void): () => void;
  /**
   * Changes whenever this instance may have missed another instance's invalidations (its subscription
   * dropped and came back); negative while it is not listening. A cache keeps an entry only for the
   * epoch it was read in, and keeps nothing while the epoch is negative.
   */
  epoch(): number;
  close(): Promise<void>;
}

/** What an instance caches in memory and must drop when another instance changes it. */
export type Invalidation =
  | { kind: 'settings' }
  /** An admin changed the content rules (modules/moderation). */
  | { kind: 'content-rules' }
  /** A language or one of its texts changed (modules/reference/localization.service.ts). */
  | { kind: 'localizations' }
  /** A user's row changed or their sessions were deleted: drop the sessions cached for them. */
  | { kind: 'user'; userId: number }
  | { kind: 'session'; sessionId: string }
  /** A change whose user we cannot tell: drop every cached session. */
  | { kind: 'sessions' }
  /** A topic, its participants or its messages changed: drop what a poll cached for it (modules/messages/poll-cache.ts). */
  | { kind: 'topic'; topicId: number }
  /** Such a change whose topic we cannot tell: drop every cached conversation. */
  | { kind: 'topics' }
  /** A user's equipped skins changed: drop their cached look (modules/store/look-cache.ts). */
  | { kind: 'look'; userId: number }
  /** A product changed, or skins changed for users we cannot tell: drop every cached look. */
  | { kind: 'looks' }
  /** An admin changed the LLM connection: rebuild the companion's provider (modules/companion/llm-connection.service.ts). */
  | { kind: 'llm' }
  /**
   * Not a cache: the owner stopped a companion reply (issue 34). Every instance hears it on this channel; the one
   * writing the reply aborts its provider call and stores the text shown so far (modules/companion).
   */
  | { kind: 'companion-stop'; replyId: number; shownChars?: number };

export function isInvalidation(value: unknown): value is Invalidation {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (
    message.kind === 'settings' ||
    message.kind === 'sessions' ||
    message.kind === 'content-rules' ||
    message.kind === 'localizations' ||
    message.kind === 'topics' ||
    message.kind === 'looks' ||
    message.kind === 'llm'
  )
    return true;
  if (message.kind === 'user') return Number.isSafeInteger(message.userId);
  if (message.kind === 'topic') return Number.isSafeInteger(message.topicId);
  if (message.kind === 'look') return Number.isSafeInteger(message.userId);
  if (message.kind === 'companion-stop')
    return Number.isSafeInteger(message.replyId) && (message.shownChars === undefined || Number.isSafeInteger(message.shownChars));
  return message.kind === 'session' && typeof message.sessionId === 'string';
}

/**
 * Listeners run in the async context they subscribed in, not the publisher's: like events that come
 * back from Redis, what they do is the listener's own work, not part of the request that published.
 */
export function createInProcessBus(): EventBus {
  const listeners = new Set<(event: ChatEvent) => void>();
  const invalidations = new Set<(message: Invalidation) => void>();
  return {
    async invalidate(message) {
      for (const listener of invalidations) listener(message);
    },
    onInvalidate(listener) {
      invalidations.add(listener);
      return () => invalidations.delete(listener);
    },
    // One process hears every invalidation it makes.
    epoch: () => 0,
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      const bound = AsyncResource.bind(listener);
      listeners.add(bound);
      return () => listeners.delete(bound);
    },
    async close() {
      listeners.clear();
      invalidations.clear();
    },
  };
}

/**
 * One cache per bus (so two app instances in one process keep their own), created on first use and
 * listening to the invalidations of its bus from then on; `create` receives the bus's epoch.
 */
export function cachePerBus<C extends { apply(message: Invalidation): void }>(create: (epoch: () => number) => C): (bus: EventBus) => C {
  const caches = new WeakMap<EventBus, C>();
  return (bus) => {
    let cache = caches.get(bus);
    if (!cache) {
      const created = create(() => bus.epoch());
      bus.onInvalidate((message) => created.apply(message));
      caches.set(bus, (cache = created));
    }
    return cache;
  };
}
