import { companionUserId, texts, wsCloseCodes, type ChatEvent, type Message } from '@parley/contracts';
import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type EventBus } from '../../lib/event-bus.js';
import { type Connection, type RealtimeTuning, type Subscription, messageIdOf } from './realtime.connection.js';
import { eventFor, framesFor } from './realtime.privacy.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';

/** What the hub needs from the chat: the read rule and the messages a client missed. */
export interface RealtimeChatPort {
  canReadTopic(userId: number, topicId: number): Promise<boolean>;
  /** The messages of this user's own pairings with id > afterId, oldest first, as this user sees them. */
  listMessagesAfter(userId: number, topicId: number, afterId: number, limit: number): Promise<Message[]>;
  /** Typing that is already going on (the companion writing), so a new subscriber shows 'Writing...'. */
  currentTyping(topicId: number): Promise<ChatEvent[]>;
  /** Which of these sessions still exist and have not expired. */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  /** A user's first socket on this instance opened, or their last one closed (issue 35: Available lapses after a grace). */
  connectionChanged?(userId: number, isConnected: boolean): Promise<void>;
}

/** At most this many missed messages are replayed on subscribe; beyond it the client reloads over REST. */
export const MAX_CATCH_UP = 500;
/** Topics one socket may listen to at once (a chat screen needs one; channel users have up to five chats). */
export const MAX_SUBSCRIPTIONS = 20;

/**
 * Routes bus events to the sockets of this instance: topic events to the
 * topic's subscribers, personal events (balance, session end) to the user's
 * sockets. Owns heartbeats and the shutdown notice.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly byTopic = new Map<number, Set<Connection>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly perIp = new Map<string, number>();
  /** The companion's reply being streamed per topic, as far as this instance saw it (a resuming client gets it first). */
  private readonly streaming = new Map<number, { replyId: number; text: string }>();
  /** A regeneration under way per topic (issue 34): a resuming client learns which reply the stream replaces. */
  private readonly regenerating = new Map<number, ChatEvent>();
  private readonly unsubscribeBus: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;
  closing = false;

  constructor(
    bus: EventBus,
    private readonly chat: RealtimeChatPort,
    readonly tuning: RealtimeTuning,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribeBus = bus.subscribe((event) => this.dispatch(event));
    this.heartbeat = setInterval(() => this.beat(), tuning.heartbeatMs);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.checkSessions(), tuning.sessionCheckMs);
    this.sessionCheck.unref();
  }

  get size() {
    return this.connections.size;
  }

  /**
   * Registers a connection, or refuses it (false) when its account or address
   * already holds the most sockets this instance allows.
   */
  add(connection: Connection): boolean {
    const ofUser = this.byUser.get(connection.user.id)?.size ?? 0;
    const ofIp = this.perIp.get(connection.ip) ?? 0;
    if (ofUser >= this.tuning.maxConnectionsPerUser || ofIp >= this.tuning.maxConnectionsPerIp) return false;
    this.connections.add(connection);
    addTo(this.byUser, connection.user.id, connection);
    this.perIp.set(connection.ip, ofIp + 1);
    if (ofUser === 0) this.reportConnection(connection.user.id, true);
    return true;
  }

  remove(connection: Connection) {
    if (!this.connections.delete(connection)) return;
    const ofIp = (this.perIp.get(connection.ip) ?? 1) - 1;
    if (ofIp > 0) this.perIp.set(connection.ip, ofIp);
    else this.perIp.delete(connection.ip);
    removeFrom(this.byUser, connection.user.id, connection);
    if (!this.byUser.has(connection.user.id) && !this.closing) this.reportConnection(connection.user.id, false);
    for (const topicId of connection.subscriptions.keys()) removeFrom(this.byTopic, topicId, connection);
    connection.subscriptions.clear();
  }

  private reportConnection(userId: number, isConnected: boolean) {
    this.chat.connectionChanged?.(userId, isConnected).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) this.log.warn({ err: error }, 'websocket presence update failed');
    });
  }

  /**
   * Authorizes, then replays what the client missed and goes live with no gap
   * and no duplicate: the subscription is registered (buffering live events)
   * before the catch-up query, and buffered copies of replayed messages are dropped.
   */
  async subscribe(connection: Connection, topicId: number, lastMessageId: number | undefined) {
    this.unsubscribe(connection, topicId);
    if (connection.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      connection.send({ type: 'error', code: 'TOO_MANY_SUBSCRIPTIONS', message: texts.common.rateLimited, topicId });
      return;
    }
    const allowed = await this.chat.canReadTopic(connection.user.id, topicId);
    if (connection.closed) return;
    if (!allowed) {
      connection.send({ type: 'error', code: 'FORBIDDEN', message: texts.topics.noPermission, topicId });
      return;
    }
    const subscription: Subscription = { live: false, buffer: [], sent: new Set<number>(), typing: { isTyping: false, at: 0 } };
    connection.subscriptions.set(topicId, subscription);
    addTo(this.byTopic, topicId, connection);

    let missed: Message[] = [];
    let typing: ChatEvent[] = [];
    try {
      if (lastMessageId !== undefined) missed = await this.chat.listMessagesAfter(connection.user.id, topicId, lastMessageId, MAX_CATCH_UP + 1);
      typing = await this.chat.currentTyping(topicId);
    } catch (error) {
      this.unsubscribe(connection, topicId);
      throw error;
    }
    if (connection.subscriptions.get(topicId) !== subscription) return;
    this.goLive(connection, topicId, subscription, missed, typing);
  }

  /** Replayed messages, typing in progress, then the buffered live events minus what was replayed. */
  private goLive(connection: Connection, topicId: number, subscription: Subscription, missed: Message[], typing: ChatEvent[]) {
    for (const message of missed.slice(0, MAX_CATCH_UP)) {
      subscription.sent.add(message.id);
      connection.send({ type: 'event', event: { type: 'message.created', topicId, message } });
    }
    for (const event of typing) connection.send({ type: 'event', event: eventFor(event, connection.user.id) });
    const regeneration = this.regenerating.get(topicId);
    if (regeneration) connection.send({ type: 'event', event: regeneration });
    const partial = this.streaming.get(topicId);
    if (partial) connection.send({ type: 'event', event: { type: 'message.delta', topicId, replyId: partial.replyId, offset: 0, text: partial.text } });
    for (const event of subscription.buffer) {
      const id = messageIdOf(event);
      if (id !== undefined && subscription.sent.has(id)) continue;
      connection.send({ type: 'event', event: eventFor(event, connection.user.id) });
    }
    subscription.buffer = [];
    subscription.live = true;
    connection.send({ type: 'subscribed', topicId, missed: Math.min(missed.length, MAX_CATCH_UP), hasMore: missed.length > MAX_CATCH_UP });
  }

  unsubscribe(connection: Connection, topicId: number): boolean {
    const had = connection.subscriptions.delete(topicId);
    removeFrom(this.byTopic, topicId, connection);
    return had;
  }

  dispatch(event: ChatEvent) {
    this.trackStreaming(event);
    const frameFor = framesFor(event, this.tuning.validateFrames);
    const frame = frameFor(-1);
    switch (event.type) {
      case 'balance':
      case 'notification':
      case 'queue.alert':
      case 'message.held_decided':
      case 'crisis.protocol':
        for (const connection of this.byUser.get(event.userId) ?? []) connection.sendEncoded(frame);
        return;
      case 'session.ended':
        for (const connection of [...(this.byUser.get(event.userId) ?? [])]) {
          if (event.sessionId === undefined || event.sessionId === connection.sessionId) connection.close(wsCloseCodes.unauthenticated, 'session ended');
        }
        return;
      case 'typing':
        for (const connection of this.byTopic.get(event.topicId) ?? []) {
          if (connection.user.id !== event.userId) connection.deliver(event, frameFor(connection.user.id), event.topicId);
        }
        return;
      default:
        for (const connection of [...(this.byTopic.get(event.topicId) ?? [])]) connection.deliver(event, frameFor(connection.user.id), event.topicId);
        this.endSubscriptions(event);
    }
  }

  /** Keeps the text so far of each reply being streamed; forgets it when the reply (or a notice) is posted. */
  private trackStreaming(event: ChatEvent) {
    if (event.type === 'message.regenerating') this.regenerating.set(event.topicId, event);
    else if (event.type === 'message.delta') {
      const partial = this.streaming.get(event.topicId);
      if (event.offset === 0) this.streaming.set(event.topicId, { replyId: event.replyId, text: event.text });
      else if (partial?.replyId === event.replyId && event.offset <= partial.text.length) partial.text = partial.text.slice(0, event.offset) + event.text;
      // A gap (this instance started mid-reply): it cannot tell a resuming client the text so far.
      else this.streaming.delete(event.topicId);
    } else if (
      (event.type === 'message.created' && event.message.sender_kind !== 'user') ||
      event.type === 'message.stopped' ||
      event.type === 'topic.closed' ||
      (event.type === 'typing' && event.userId === companionUserId && !event.isTyping)
    ) {
      this.streaming.delete(event.topicId);
      this.regenerating.delete(event.topicId);
    }
  }

  /** Leaving or closing a topic ends the affected subscriptions after the event itself went out. */
  private endSubscriptions(event: ChatEvent) {
    if (event.type === 'participant.left') {
      for (const connection of this.byUser.get(event.userId ?? -1) ?? []) {
        if (this.unsubscribe(connection, event.topicId)) connection.send({ type: 'unsubscribed', topicId: event.topicId, reason: 'left' });
      }
    } else if (event.type === 'topic.closed') {
      for (const connection of [...(this.byTopic.get(event.topicId) ?? [])]) {
        if (this.unsubscribe(connection, event.topicId)) connection.send({ type: 'unsubscribed', topicId: event.topicId, reason: 'closed' });
      }
    }
  }

  /** Terminates sockets that did not answer the previous ping, pings the rest. */
  private beat() {
    for (const connection of this.connections) {
      if (!connection.alive) {
        this.log.info({ userId: connection.user.id }, 'terminating dead websocket');
        connection.terminate();
        this.remove(connection);
        continue;
      }
      connection.alive = false;
      try {
        connection.socket.ping();
      } catch {
        connection.terminate();
        this.remove(connection);
      }
    }
  }

  /** Closes sockets whose session ended without an event (expired, signed out elsewhere by a password change). */
  async checkSessions() {
    const ids = [...new Set([...this.connections].map((c) => c.sessionId))];
    if (ids.length === 0 || this.closing) return;
    try {
      const live = await this.chat.liveSessions(ids);
      for (const connection of [...this.connections]) {
        if (!live.has(connection.sessionId)) connection.close(wsCloseCodes.unauthenticated, 'session ended');
      }
    } catch (error) {
      if (!isDatabaseUnavailable(error)) this.log.warn({ err: error }, 'websocket session check failed');
    }
  }

  /** Graceful shutdown: every client is told to reconnect (to another instance). */
  shutdown() {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    this.unsubscribeBus();
    for (const connection of this.connections) connection.close(wsCloseCodes.serviceRestart, 'server restarting');
  }
}

function addTo(map: Map<number, Set<Connection>>, key: number, connection: Connection) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom(map: Map<number, Set<Connection>>, key: number, connection: Connection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}

// Keyed by the HTTP server, which every encapsulated plugin context shares.
const hubs = new WeakMap<object, RealtimeHub>();
export const registerHub = (app: FastifyInstance, hub: RealtimeHub) => hubs.set(app.server, hub);
/** This app's hub (tests, diagnostics). */
export function getRealtimeHub(app: FastifyInstance): RealtimeHub {
  const hub = hubs.get(app.server);
  if (!hub) throw new Error('realtime hub not registered');
  return hub;
}

/**
 * The WebSocket server's preClose (registered in app.ts): stop accepting, tell
 * every client to reconnect elsewhere (1012) after its queued frames, close.
 */
export async function closeWebSockets(this: FastifyInstance) {
  hubs.get(this.server)?.shutdown();
  for (const client of this.websocketServer.clients) client.close(wsCloseCodes.serviceRestart, 'server restarting');
  await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
}
