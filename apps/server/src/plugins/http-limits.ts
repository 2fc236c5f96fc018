import { type Server } from 'node:http';
import { type Config } from '../config.js';

/**
 * Slow and idle clients cannot hold sockets (issue 31 #9): Fastify sets the request and keep-alive
 * timeouts from its options (app.ts); this adds the global cap and a cap per remote address. The
 * address is the TCP peer's own (X-Forwarded-For is not known before a request arrives): behind a
 * proxy every connection comes from the proxy, whose own limits then protect per client.
 */
export function limitConnections(server: Server, http: Config['http']) {
  server.maxConnections = http.maxConnections;
  const perAddress = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const count = (perAddress.get(address) ?? 0) + 1;
    if (count > http.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
}

/** How often Node looks for connections past headersTimeout/requestTimeout (its default, 30 s, would let a slow client stay that much longer). */
export const connectionsCheckingInterval = (http: Config['http']) => Math.max(250, Math.min(5000, Math.floor(http.headersTimeoutMs / 3)));
