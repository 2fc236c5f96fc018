import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { chatEventSchema, type ChatEvent } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Redis } from 'ioredis';
import { isInvalidation, type EventBus, type Invalidation } from './event-bus.js';
import { redisMonitorOf } from './redis.js';

/** Redis pub/sub channels. One channel carries every chat event; listeners filter by topic or user. */
export const redisChannels = { chatEvents: 'parley:chat-events', invalidations: 'parley:invalidations' } as const;

/**
 * The event bus across instances. Publishes on the command connection and listens on a dedicated
 * subscriber connection (a subscribed Redis connection cannot run other commands).
 *
 * Exactly once: an instance delivers its own events to its own listeners at publish, without the
 * round trip through Redis, and ignores their echo (every message carries its publisher's `origin`).
 * So a publish that times out although Redis took it is never delivered twice, a Redis outage still
 * reaches this instance's sockets, and one instance's push does not wait on Redis. Each publisher's
 * events keep their order (local delivery is in publish order; Redis keeps one connection's order).
 * `origin` is an extra field the chat event schema ignores: an older instance in a rolling deploy
 * still parses these messages, and its own (without origin) are delivered here as before.
 */
export function createRedisBus(command: Redis, log: FastifyBaseLogger, options: { namespace?: string } = {}): EventBus {
  // Events belong to one database: deployments (or test schemas) sharing a Redis do not hear each other.
  const suffix = options.namespace ? `:${options.namespace}` : '';
  const channel = redisChannels.chatEvents + suffix;
  const invalidationChannel = redisChannels.invalidations + suffix;
  // The subscriber may queue its SUBSCRIBE until Redis is reachable (it never holds a request:
  // publishing waits for it a bounded time); ioredis resubscribes by itself after a reconnect.
  const subscriber = command.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
  const listeners = new Set<(event: ChatEvent) => void>();
  const invalidations = new Set<(message: Invalidation) => void>();
  const origin = randomUUID();
  let closed = false;

  /** Our messages start with our origin (it is their first key), so their echo is dropped unparsed. */
  const ownPrefix = `{"origin":${JSON.stringify(origin)}`;
  const stamped = (message: object) => JSON.stringify({ origin, ...message });
  /** Another instance's message (or one without origin, from an older instance): ours were delivered at publish. */
  const fromElsewhere = (message: unknown) => !(typeof message === 'object' && message !== null && (message as { origin?: unknown }).origin === origin);

  const onInvalidation = (raw: string) => {
    if (raw.startsWith(ownPrefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      message = undefined;
    }
    if (!isInvalidation(message)) return log.warn({ channel: invalidationChannel }, 'dropped a malformed invalidation from redis');
    if (fromElsewhere(message)) invalidateLocally(message);
  };

  const invalidateLocally = (message: Invalidation) => {
    for (const listener of invalidations) listener(message);
  };

  const deliver = (event: ChatEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error }, 'chat event listener failed');
      }
    }
  };

  subscriber.on('message', (from: string, raw: string) => {
    if (from === invalidationChannel) return onInvalidation(raw);
    if (from !== channel || raw.startsWith(ownPrefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      message = undefined;
    }
    if (message !== undefined && !fromElsewhere(message)) return;
    const parsed = chatEventSchema.safeParse(message);
    if (!parsed.success) {
      log.warn({ channel: from }, 'dropped a malformed chat event from redis');
      return;
    }
    deliver(parsed.data);
  });
  // Failures are the Redis monitor's to log: once when Redis goes, once when it is back (lib/redis.ts).
  const monitor = redisMonitorOf(command, log);
  subscriber.on('error', (error: Error) => {
    if (!closed) monitor.fail(error);
  });

  const subscribe = () => {
    const pending = subscriber.subscribe(channel, invalidationChannel).then(() => undefined);
    pending.catch((error: unknown) => monitor.fail(error));
    return pending;
  };
  const ready = subscribe();
  // Invalidations published while the subscriber was away are lost: a new epoch once it listens again.
  let epoch = 0;
  let listening = false;
  void ready.then(() => {
    listening = true;
    epoch += 1;
  });
  subscriber.on('close', () => (listening = false));
  // ioredis subscribes again by itself on reconnect, before it reports ready.
  subscriber.on('ready', () => {
    if (listening) return;
    listening = true;
    epoch += 1;
  });

  /** Redis down: this instance's listeners already heard it; other instances' clients catch up by polling. */
  const publishElsewhere = async (to: string, message: string) => {
    try {
      await command.publish(to, message);
      monitor.succeed();
    } catch (error) {
      monitor.fail(error);
    }
  };

  return {
    publish(event) {
      deliver(event);
      return publishElsewhere(channel, stamped(event));
    },
    subscribe(listener) {
      // Listeners run in the context they subscribed in, as on the in-process bus: an event this instance
      // publishes is the listener's own work, not part of the request that published it.
      const bound = AsyncResource.bind(listener);
      listeners.add(bound);
      return () => listeners.delete(bound);
    },
    invalidate(message) {
      invalidateLocally(message);
      return publishElsewhere(invalidationChannel, stamped(message));
    },
    onInvalidate(listener) {
      invalidations.add(listener);
      return () => invalidations.delete(listener);
    },
    epoch: () => (listening && !closed ? epoch : -1),
    async close() {
      closed = true;
      listeners.clear();
      invalidations.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
