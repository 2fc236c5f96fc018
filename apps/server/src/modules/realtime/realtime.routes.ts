/**
 * Realtime push: `GET /api/ws` (WebSocket). Full text: docs/decisions/005-realtime-protocol.md.
 *
 * Connect: `ws(s)://HOST/api/ws`, authenticated by the `parley_session` cookie
 * (browser; the Origin must be the app's own), a bearer token in `Authorization: Bearer TOKEN`,
 * or, for clients that can send neither, `?ticket=TICKET` from `POST /api/ws/ticket` (valid 30 s,
 * once: realtime.ticket.ts). A session token in the URL (`?token=`, which lands in proxies' access
 * logs) is not accepted. The server answers `{type:'ready', userId, heartbeatMs}`.
 *
 * Client → server (JSON text frames; schemas in contracts `wsClientMessageSchema`):
 *   {type:'subscribe', topicId, lastMessageId?}  authorization re-checked every time
 *   {type:'unsubscribe', topicId}
 *   {type:'typing', topicId, isTyping}           only for a subscribed topic; repeats throttled
 *   {type:'ping', id?}                           → {type:'pong', id}
 * Server → client (one union, contracts `wsServerMessageSchema`; built through realtime.frames.ts):
 *   {type:'event', event: ChatEvent}              message.created, message.delta, typing, participant.joined/left,
 *                                                 topic.closed, topic.mode, balance, message.held_decided, notification
 *   {type:'subscribed', topicId, missed, hasMore} after the catch-up
 *   {type:'unsubscribed', topicId, reason}        'client' | 'left' | 'closed'
 *   {type:'error', code, message, topicId?}       FORBIDDEN, VALIDATION, RATE_LIMITED, TOO_MANY_SUBSCRIPTIONS, INTERNAL
 *   {type:'pong', id?}
 * Resume: with `lastMessageId` every later message is sent first (oldest first,
 * as message.created events), then typing in progress (the companion writing:
 * userId 0), then live events, with no gap and no duplicate;
 * at most 500 (`hasMore` true: reload over REST). Clients merge by message id.
 * Close codes: 1012 server restarting (reconnect), 4401 not signed in or
 * session ended (logout, ban: do not reconnect), 4403 origin refused, 4429 rate
 * limited (also: the account or address already holds the most sockets
 * allowed, WS_MAX_CONNECTIONS_PER_USER / _PER_IP); a client that stops reading or answering pings is terminated (1006).
 */
import { envelopeSchema, wsCloseCodes, wsTicketSchema } from '@parley/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/session.js';
import { Connection, defaultRealtimeTuning } from './realtime.connection.js';
import { createChatPort } from './realtime.chat-port.js';
import { RealtimeHub, registerHub } from './realtime.hub.js';
import { findSessionUser } from './realtime.repository.js';
import { createTicketIssuer, TICKET_TTL_S } from './realtime.ticket.js';
import { handleFrame, stopAllTyping } from './realtime.service.js';
import { publicChatName } from '../users/chat-name.js';

const querySchema = z.object({ ticket: z.string().min(1).max(300).optional() });

export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tuning = { ...defaultRealtimeTuning, ...app.config.realtime };
  const hub = new RealtimeHub(app.bus, createChatPort(app.db, app.clock), tuning, app.log);
  registerHub(app, hub);
  const deps = { hub, bus: app.bus };
  const publicOrigin = new URL(app.config.publicUrl).origin;

  /** Cookie sessions only from our own pages (cross-site WebSocket hijacking). */
  const isOriginAllowed = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin) return false;
    if (origin === publicOrigin) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };

  const tickets = createTicketIssuer(app.config.appSecret, app.redis);

  /** A ticket for one WebSocket connection of this session, for clients that cannot send a cookie or header on the upgrade. */
  app.post('/ws/ticket', { schema: { tags: ['realtime'], response: { 200: envelopeSchema(wsTicketSchema) } }, preHandler: requireAuth }, async (request) => ({
    status: 'OK' as const,
    payload: { ticket: tickets.issue(request.auth!.sessionId, app.clock.now().getTime()), expires_in: TICKET_TTL_S },
  }));

  /** `?ticket=`: resolved before the upgrade; a ticket that is not good leaves the connection unauthenticated (4401). */
  const resolveTicket = async (request: FastifyRequest<{ Querystring: z.infer<typeof querySchema> }>) => {
    const ticket = request.query.ticket;
    if (!ticket) return;
    request.auth = null;
    const named = await tickets.redeem(ticket, app.clock.now().getTime());
    if (!named) return;
    const row = await findSessionUser(app.db, named);
    if (!row || row.banned_at || row.session_expires_at <= app.clock.now().toISOString()) return;
    const { session_id: sessionId, session_expires_at: _expires, ...user } = row;
    request.auth = { user, sessionId, via: 'bearer' };
  };

  app.get('/ws', { websocket: true, schema: { hide: true, querystring: querySchema }, preHandler: resolveTicket }, (socket, request) => {
    if (hub.closing) return socket.close(wsCloseCodes.serviceRestart, 'server restarting');
    const auth = request.auth;
    if (!auth) return socket.close(wsCloseCodes.unauthenticated, 'unauthenticated');
    if (auth.via === 'cookie' && !isOriginAllowed(request)) return socket.close(wsCloseCodes.forbiddenOrigin, 'origin not allowed');

    const connection = new Connection(socket, { id: auth.user.id, name: publicChatName(auth.user) }, auth.sessionId, request.ip, tuning, request.log);
    if (!hub.add(connection)) {
      request.log.warn({ userId: auth.user.id, ip: request.ip }, 'websocket refused: too many connections');
      return socket.close(wsCloseCodes.rateLimited, 'too many connections');
    }
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return connection.close(wsCloseCodes.policy, 'text frames only');
      handleFrame(deps, connection, data.toString());
    });
    socket.on('close', () => {
      connection.closed = true;
      void stopAllTyping(deps, connection)
        .catch(() => undefined)
        .finally(() => hub.remove(connection));
    });
    connection.send({ type: 'ready', userId: auth.user.id, heartbeatMs: tuning.heartbeatMs });
  });
};
