import { type FastifyRequest } from 'fastify';

/**
 * Fastify's request log line, with secrets in the query string masked: WebSocket
 * `?ticket=` (single use, but still), and a session `?token=` some client may
 * still put in a URL although the server no longer accepts it there.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.replace(/([?&](?:token|access_token|ticket)=)[^&#]*/gi, '$1[redacted]'),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
