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
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const listeners = new Set<(event: ChatEvent) => void>();
  return {
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
