import { chatEventSchema, type ChatEvent } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Redis } from 'ioredis';
import { type EventBus } from './event-bus.js';

/** Redis pub/sub channels. One channel carries every chat event; listeners filter by topic or user. */
export const redisChannels = { chatEvents: 'parley:chat-events' } as const;

/**
 * The event bus across instances. Publishes on the command connection and
 * listens on a dedicated subscriber connection (a subscribed Redis connection
 * cannot run other commands). An instance hears its own events back through
 * Redis, so local listeners see one ordered stream whatever instance published.
 */
export function createRedisBus(command: Redis, log: FastifyBaseLogger, options: { namespace?: string } = {}): EventBus {
  // Events belong to one database: deployments (or test schemas) sharing a Redis do not hear each other.
  const channel = options.namespace ? `${redisChannels.chatEvents}:${options.namespace}` : redisChannels.chatEvents;
  const subscriber = command.duplicate();
  const listeners = new Set<(event: ChatEvent) => void>();
  let closed = false;

  subscriber.on('message', (from: string, raw: string) => {
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
    for (const listener of listeners) {
      try {
        listener(parsed.data);
      } catch (error) {
        log.error({ err: error }, 'chat event listener failed');
      }
    }
  });
  subscriber.on('error', (error: Error) => {
    if (!closed) log.error({ err: error }, 'redis subscriber error');
  });

  // Publishing waits for our own subscription so an instance never misses its own first events;
  // a failed subscribe (Redis down at start) is retried by the next publish.
  const subscribe = () => {
    const pending = subscriber.subscribe(channel).then(() => undefined);
    pending.catch((error: unknown) => log.error({ err: error }, 'redis subscribe failed'));
    return pending;
  };
  let ready = subscribe();

  return {
    async publish(event) {
      await ready.catch(() => (ready = subscribe()));
      await command.publish(channel, JSON.stringify(event));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
