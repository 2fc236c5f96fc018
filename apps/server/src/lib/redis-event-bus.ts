import { chatEventSchema, type ChatEvent } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Redis } from 'ioredis';
import { isInvalidation, type EventBus, type Invalidation } from './event-bus.js';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis.js';

/** Redis pub/sub channels. One channel carries every chat event; listeners filter by topic or user. */
export const redisChannels = { chatEvents: 'parley:chat-events', invalidations: 'parley:invalidations' } as const;

/**
 * The event bus across instances. Publishes on the command connection and
 * listens on a dedicated subscriber connection (a subscribed Redis connection
 * cannot run other commands). An instance hears its own events back through
 * Redis, so local listeners see one ordered stream whatever instance published.
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
  let closed = false;

  const onInvalidation = (raw: string) => {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      message = undefined;
    }
    if (!isInvalidation(message)) return log.warn({ channel: invalidationChannel }, 'dropped a malformed invalidation from redis');
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
    if (from !== channel) return;
    let parsed;
    try {
      parsed = chatEventSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      log.warn({ channel: from }, 'dropped a malformed chat event from redis');
      return;
    }
    deliver(parsed.data);
  });
  subscriber.on('error', (error: Error) => {
    if (!closed) log.error({ err: error }, 'redis subscriber error');
  });

  // Publishing waits (a bounded time) for our own subscription so an instance does not miss its own first events.
  const subscribe = () => {
    const pending = subscriber.subscribe(channel, invalidationChannel).then(() => undefined);
    pending.catch((error: unknown) => log.error({ err: error }, 'redis subscribe failed'));
    return pending;
  };
  let ready = subscribe();
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
  const awaitSubscription = () =>
    Promise.race([ready.catch(() => (ready = subscribe())), new Promise((resolve) => setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS).unref())]);

  /** Redis down: this instance's own listeners still hear it; other instances' clients catch up by polling. */
  const publishOrDeliverLocally = async (to: string, message: string, local: () => void) => {
    try {
      await awaitSubscription();
      await command.publish(to, message);
    } catch (error) {
      log.warn({ err: error, channel: to }, 'redis publish failed: delivered to this instance only');
      local();
    }
  };

  return {
    publish: (event) => publishOrDeliverLocally(channel, JSON.stringify(event), () => deliver(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    invalidate: (message) =>
      publishOrDeliverLocally(invalidationChannel, JSON.stringify(message), () => {
        for (const listener of invalidations) listener(message);
      }),
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
