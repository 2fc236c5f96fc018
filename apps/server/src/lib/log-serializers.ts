import { type FastifyRequest } from 'fastify';

/**
 * Fastify's request log line, with secrets in the query string masked: the
 * WebSocket endpoint accepts `?token=` (a session token) for clients that
 * cannot set headers, and access logs must not collect working sessions.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]'),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
