import { type FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM/SIGINT (server.ts#drain): readiness answers 503 while everything else is still served. */
    draining: boolean;
  }
}

/**
 * While draining, every answer (also of a request that arrived before) asks the client (the proxy) to
 * close its keep-alive connection: none is left idle to be cut under a request later, and none keeps
 * the process waiting for its keep-alive timeout after the listener closed.
 */
export function registerDrain(app: FastifyInstance) {
  app.decorate('draining', false);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface DrainOptions {
  graceMs: number;
  timeoutMs: number;
  /** Called when the hard timeout passes with work still in flight. */
  onTimeout: () => void;
}

/**
 * Graceful stop: readiness 503 at once while serving for `graceMs` (a balancer's health check sees it and
 * moves traffic away), then stop accepting and finish in-flight requests (Fastify's close; WebSockets are
 * closed with 1012 so clients reconnect elsewhere), at most `timeoutMs` more.
 */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<void> {
  app.draining = true;
  await new Promise((resolve) => setTimeout(resolve, options.graceMs));
  const timer = setTimeout(options.onTimeout, options.timeoutMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
